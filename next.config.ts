import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package folder: bundled, it cannot find them.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', '@node-rs/argon2', 'sharp'],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
