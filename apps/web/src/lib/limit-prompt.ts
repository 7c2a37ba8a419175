import { useSyncExternalStore } from 'react';
import { ApiError } from './http';

/** The API's plan-limit refusals; each opens the upgrade prompt naming its limit. */
export const LIMIT_CODES = [
  'PROJECT_LIMIT_EXCEEDED',
  'MEMBER_LIMIT_EXCEEDED',
  'MODEL_LIMIT_EXCEEDED',
  'STORAGE_LIMIT_EXCEEDED',
] as const;
export type LimitCode = (typeof LIMIT_CODES)[number];

export function isLimitCode(code: unknown): code is LimitCode {
  return typeof code === 'string' && (LIMIT_CODES as readonly string[]).includes(code);
}

let current: LimitCode | null = null;
const listeners = new Set<() => void>();

function set(next: LimitCode | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Opens the upgrade prompt when `error` (or a bare code) is a plan-limit refusal. */
export function reportLimit(error: unknown): boolean {
  const code = error instanceof ApiError ? error.code : error;
  if (!isLimitCode(code)) return false;
  set(code);
  return true;
}

export function dismissLimit(): void {
  set(null);
}

/** The limit the prompt is showing now (outside React). */
export function currentLimit(): LimitCode | null {
  return current;
}

/** The limit the prompt is showing, or null. */
export function useLimitPrompt(): LimitCode | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
