import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { runSteps } from '@/server/http/pipeline';
import type { RequestHandler, RequestStep } from '@/server/http/request-step';

/** A loopback server running `steps`, then a stand-in for Next.js that answers "next" and notes what reached it. */
export async function serveSteps(
  steps: readonly RequestStep[],
  handler: RequestHandler = (_request, response) => response.end('next'),
): Promise<{ base: string; reached: string[]; close(): Promise<void> }> {
  const reached: string[] = [];
  const server = http.createServer(
    runSteps(steps, (request, response) => {
      reached.push(request.url ?? '');
      return handler(request, response);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reached,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
