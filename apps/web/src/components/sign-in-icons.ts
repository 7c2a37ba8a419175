import { KeyRound, Link2Off, Mail, MailCheck, MailPlus, MailX } from 'lucide-react';

/**
 * The icons the sign-in pages draw (sign in, sign up, reset, verify, code, callback, and
 * the invitation banner they show). Every
 * visitor starts on one of these pages, so their icons are part of the app's core (this folder's
 * chunk: vite.config.ts) rather than of the signed-in pages' icon chunk, which they would
 * otherwise load whole. An object, not re-exports: the bundler would skip a module of re-exports
 * and place the icons by the pages that draw them.
 */
export const signInIcons = { KeyRound, Link2Off, Mail, MailCheck, MailPlus, MailX } as const;
