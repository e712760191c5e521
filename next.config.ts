import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package folder: bundled, it cannot find them.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', '@node-rs/argon2', 'sharp'],
  // A separate build folder per checkout user (NEXT_DIST_DIR) lets two builds run side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Types are checked once by `npm run typecheck` (CI runs it); checking again in every build only slows
  // `npm start` down and would refuse to serve the site over an error in a test or a benchmark file.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
};

export default nextConfig;
