import { useSyncExternalStore } from 'react';

/** Spec §9 toast numbers. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_MAX = 5;
export const TOAST_REMOVE_DELAY_MS = 200;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'];
export const TOAST_GAP_PX = 16;

export type ToastColor = 'neutral' | 'success' | 'error' | 'warning' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** Spec §3 "Toast". `icon` names one of the toaster's bundled icons. */
export interface ToastItem {
  id: string;
  open: boolean;
  title?: string;
  description?: string;
  icon?: 'success' | 'error' | 'warning' | 'info' | 'refresh';
  avatar?: string;
  color: ToastColor;
  orientation: 'horizontal' | 'vertical';
  close: boolean;
  actions: ToastAction[];
  /** Show a bar that runs down with the duration. */
  progress: boolean;
  /** Milliseconds; Infinity keeps the toast until it is closed. */
  duration: number;
}

export type ToastInput = Partial<Omit<ToastItem, 'open'>> & { title?: string };

let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function emit(): void {
  for (const listener of listeners) listener();
}

function set(next: ToastItem[]): void {
  toasts = next;
  emit();
}

/** Toasts are added one at a time; only the last 5 are kept. */
export function addToast(input: ToastInput): string {
  counter += 1;
  const id = input.id ?? `toast-${counter}`;
  const item: ToastItem = {
    id,
    open: true,
    color: 'neutral',
    orientation: 'vertical',
    close: true,
    actions: [],
    progress: false,
    duration: TOAST_DURATION_MS,
    ...input,
  };
  set([...toasts.filter((t) => t.id !== id), item].slice(-TOAST_MAX));
  return id;
}

export function updateToast(id: string, patch: Partial<Omit<ToastItem, 'id'>>): void {
  set(toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)));
}

/** Closing marks the toast closed, then deletes it 200 ms later (exit animation). */
export function removeToast(id: string): void {
  if (!toasts.some((t) => t.id === id)) return;
  updateToast(id, { open: false });
  setTimeout(() => set(toasts.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS);
}

export function clearToasts(): void {
  set([]);
}

export function getToasts(): ToastItem[] {
  return toasts;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}

export const toast = {
  show: addToast,
  success: (title: string, description?: string) =>
    addToast({ title, description, color: 'success', icon: 'success' }),
  error: (title: string, description?: string) =>
    addToast({ title, description, color: 'error', icon: 'error' }),
  info: (title: string, description?: string) =>
    addToast({ title, description, color: 'info', icon: 'info' }),
  dismiss: removeToast,
};
