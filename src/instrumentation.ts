/**
 * Runs once when the Next.js server starts. Everything lives in instrumentation-node.ts behind this test of
 * NEXT_RUNTIME, which Next.js replaces at build time: the edge bundle of this hook then imports nothing of the
 * server (argon2, PGlite and nodemailer cannot be bundled for the edge runtime).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { registerNodeServer } = await import('./instrumentation-node');
    await registerNodeServer();
  }
}
