// The site's HTTP server: Next's request handler behind our request steps (src/server/http/pipeline.ts), as
// `npm start`, `npm run dev`, the tests and the benchmarks run it. Options: --port, --hostname, --dev.
import path from 'node:path';
import { parseArgs } from 'node:util';
import next from 'next';
import { parseEnv } from '@/server/env';
import { createPipelineServer, DEVELOPMENT_STEPS, PRODUCTION_STEPS } from '@/server/http/pipeline';
import { handleStopSignals } from '@/server/observability/http-server';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    hostname: { type: 'string' },
    dev: { type: 'boolean', default: false },
  },
});
const port = Number(values.port ?? parseEnv(process.env).PORT);
const hostname = values.hostname;
const dev = values.dev;

const app = next({ dev, dir: path.resolve(import.meta.dirname, '..'), hostname, port });
const handle = app.getRequestHandler();
await app.prepare();
const server = createPipelineServer(dev ? DEVELOPMENT_STEPS : PRODUCTION_STEPS, (request, response) =>
  handle(request, response),
);
// Our stop replaces Next's: requests in flight finish, the database closes (docs/OPERATIONS.md).
handleStopSignals();
server.listen(port, hostname, () => {
  console.log(`Site servi sur http://${hostname ?? 'localhost'}:${port}${dev ? ' (développement)' : ''}`);
});
