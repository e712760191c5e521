import { expect, test, vi } from 'vitest';

// Checks of the guard itself (console-error-guard.ts, a setup file of every project): a guard that never fired
// would let every test pass silently.

test.fails('a console.error fails the test that logged it', () => {
  console.error('an error the test did not expect');
});

test('a test that expects an error replaces console.error and passes', () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  console.error('an expected error');
  expect(error).toHaveBeenCalledWith('an expected error');
  error.mockRestore();
});
