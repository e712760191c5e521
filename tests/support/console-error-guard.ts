import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';

/**
 * Setup file of the unit and integration projects: a console.error fails the test that logged it (and an error
 * logged outside any test fails the file), as in the e2e specs. A test that expects an error says so by
 * replacing console.error for its duration: `vi.spyOn(console, 'error').mockImplementation(() => {})`.
 */
const logged: string[] = [];
const original = console.error;

console.error = (...args: unknown[]) => {
  logged.push(format(...args));
  original(...args);
};

function assertNothingLogged(where: string): void {
  if (logged.length === 0) return;
  const messages = logged.splice(0).map((message) => `  - ${message.split('\n')[0]}`);
  throw new Error(`console.error was called ${messages.length} time(s) ${where}:\n${messages.join('\n')}`);
}

afterEach(() => assertNothingLogged('during the test'));
afterAll(() => assertNothingLogged('outside the tests of this file'));
