import { config } from 'zod/v4/core';

// Zod compiles object parsers with `new Function` when it may, and finds out by trying once: in the browser our
// Content-Security-Policy forbids eval, so that try is reported as a violation on every page that defines a
// schema. Browsers run Zod without it; the server keeps the compiled parsers. Imported first by every contract
// module that browser code reaches.
if (typeof window !== 'undefined') config({ jitless: true });
