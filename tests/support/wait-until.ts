/**
 * Waits until `condition` answers something truthy and returns it, checking every `intervalMs` (the polling
 * interval, not a wait for the behaviour): tests wait for what they need to see, never for a fixed time. A
 * condition that throws stops the wait with its error; after `timeoutMs` the wait fails with `message`.
 */
export async function waitUntil<T>(
  condition: () => T | Promise<T>,
  {
    timeoutMs = 5000,
    intervalMs = 10,
    message = `condition still false after ${timeoutMs} ms`,
  }: { timeoutMs?: number; intervalMs?: number; message?: string } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() >= deadline) throw new Error(message);
    // The one polling pause of the tests' waits: the time between two looks, not a wait for the behaviour.
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
