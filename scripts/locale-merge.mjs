#!/usr/bin/env node
// Deep-merges partial locale files into apps/web/src/locales/{en,zh-CN}.json under a lock, so
// several people (or helpers) can add keys at once without losing each other's edits.
// Usage: node scripts/locale-merge.mjs <partial-en.json> <partial-zh-CN.json>
import { readFileSync, writeFileSync, openSync, closeSync, unlinkSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const dir = new URL('../apps/web/src/locales/', import.meta.url);
const [enPart, zhPart] = process.argv.slice(2);
if (!enPart || !zhPart) {
  console.error('usage: node scripts/locale-merge.mjs <partial-en.json> <partial-zh-CN.json>');
  process.exit(2);
}

function merge(target, part) {
  for (const [key, value] of Object.entries(part)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
      merge(target[key], value);
    } else target[key] = value;
  }
}

const lockPath = new URL('.merge.lock', dir);
for (let i = 0; ; i++) {
  try {
    closeSync(openSync(lockPath, 'wx'));
    break;
  } catch {
    if (i > 200)
      throw new Error('locale lock held too long: remove apps/web/src/locales/.merge.lock');
    await sleep(50);
  }
}
try {
  for (const [file, part] of [
    ['en.json', enPart],
    ['zh-CN.json', zhPart],
  ]) {
    const url = new URL(file, dir);
    const data = JSON.parse(readFileSync(url, 'utf8'));
    merge(data, JSON.parse(readFileSync(part, 'utf8')));
    writeFileSync(url, JSON.stringify(data, null, 2) + '\n');
  }
} finally {
  unlinkSync(lockPath);
}
