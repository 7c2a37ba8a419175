import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let common: Set<string> | undefined;

/**
 * The 49,233 most common passwords of @zxcvbn-ts/language-common (MIT; ranked from leaked
 * password lists), lower-cased, read on first use (about 18,000 of them are 8 or more characters
 * long, the only ones a new password can be). Server-side only: it would triple /signin's script.
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = require('@zxcvbn-ts/language-common') as {
      dictionary: Record<string, string[]>;
    };
    common = new Set((dictionary['passwords-common'] ?? []).map((word) => word.toLowerCase()));
  }
  return common;
}

/** Each character one step up (or down) from the one before: "abcdefgh", "87654321". */
function isSequence(text: string): boolean {
  for (const step of [1, -1]) {
    let ok = true;
    for (let i = 1; i < text.length && ok; i += 1) {
      ok = text.charCodeAt(i) - text.charCodeAt(i - 1) === step;
    }
    if (ok) return true;
  }
  return false;
}

/** One short unit over and over: "aaaaaaaa", "abababab", "123123123". */
function isRepeat(text: string): boolean {
  for (let size = 1; size <= 3; size += 1) {
    const unit = text.slice(0, size);
    if (unit.repeat(Math.ceil(text.length / size)).slice(0, text.length) === text) return true;
  }
  return false;
}

/**
 * Whether a new password is one an attacker tries first (OWASP ASVS 5.0 V6.2.4): in the common
 * passwords list (any case), or a trivial pattern: one character or a short unit repeated, or a
 * run of consecutive letters or digits. Checked on sign-up, reset and change, never at sign-in.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return commonPasswords().has(lower) || isRepeat(lower) || isSequence(lower);
}
