import { afterEach, expect } from 'vitest';
import { cspViolations } from './browser.ts';

// A page the server's Content-Security-Policy broke (a blocked script, style, image or worker)
// fails the test that loaded it.
afterEach(() => {
  const violations = cspViolations.splice(0);
  expect(violations, 'Content-Security-Policy violations').toEqual([]);
});
