import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pLimit from 'p-limit';
import { isCanonicalOptimiserQuery } from '@/lib/image-sources';
import { remember } from '../lib/remember';

/**
 * Next's image optimiser (/_next/image) encodes and stores a copy per spelling of a path (`/v1/../media/…`,
 * `%2e`, an added query), and as many encodes at once as requests come. Before Next.js sees a request, it must
 * be the one spelling our pages write (else 400), and it waits for one of a few optimiser slots (a full queue
 * answers 503). Next's `images.localPatterns` and `images.maximumDiskCacheSize` (next.config.ts) do the rest.
 */

export const IMAGE_OPTIMISER_PATH = '/_next/image';
/** Images encoded at once by one process: the machine's two cores, one left for the pages. */
export const IMAGE_OPTIMISER_CONCURRENCY = 1;
/** Requests waiting for the optimiser, past which 503: a page shows a dozen images, a few readers at once. */
export const IMAGE_OPTIMISER_QUEUE = 64;
const BUSY_RETRY_AFTER_SECONDS = 5;

export const IMAGE_REFUSED_MESSAGE = "Adresse d'image invalide.";
export const IMAGE_BUSY_MESSAGE = "Trop d'images à préparer en ce moment : réessayez dans un instant.";

const optimiserSlots = () => remember('image-optimiser-slots', () => pLimit(IMAGE_OPTIMISER_CONCURRENCY));

/**
 * Takes a /_next/image request (true) and either refuses it or hands it to Next.js (`optimise`) once a slot is
 * free, the slot held until its answer is sent or its connection closed; any other request is left (false).
 */
export function admitImageOptimiser(
  request: IncomingMessage,
  response: ServerResponse,
  optimise: () => void,
): boolean {
  const url = request.url ?? '/';
  const queryAt = url.indexOf('?');
  if ((queryAt < 0 ? url : url.slice(0, queryAt)) !== IMAGE_OPTIMISER_PATH) return false;
  if (!isCanonicalOptimiserQuery(queryAt < 0 ? '' : url.slice(queryAt + 1))) {
    refuse(response, 400, IMAGE_REFUSED_MESSAGE);
    return true;
  }
  const slots = optimiserSlots();
  if (slots.pendingCount >= IMAGE_OPTIMISER_QUEUE) {
    refuse(response, 503, IMAGE_BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS);
    return true;
  }
  void slots(
    () =>
      new Promise<void>((resolve) => {
        // A reader who left while waiting costs no encode.
        if (response.destroyed || response.writableEnded) return resolve();
        response.once('close', () => resolve());
        optimise();
      }),
  );
  return true;
}

function refuse(response: ServerResponse, status: 400 | 503, message: string, retryAfter?: number): void {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(message),
    ...(retryAfter ? { 'retry-after': String(retryAfter) } : {}),
  });
  response.end(message);
}
