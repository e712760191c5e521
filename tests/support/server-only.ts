// Stands in for the `server-only` marker package in tests, which run outside Next.js's server build.
export {};
