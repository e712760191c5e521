import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasLocalMatch } from 'next/dist/shared/lib/match-local-pattern';
import { describe, expect, it } from 'vitest';
import { imageSources } from '@/lib/image-sources';
import nextConfig from '../../../next.config';
import {
  admitImageOptimiser,
  IMAGE_BUSY_MESSAGE,
  IMAGE_OPTIMISER_CONCURRENCY,
  IMAGE_OPTIMISER_QUEUE,
  IMAGE_REFUSED_MESSAGE,
} from './image-optimiser';

const COVER = '/media/covers/affaires-1.webp';
const CANONICAL = `/_next/image?url=${encodeURIComponent(COVER)}&w=1920&q=75`;

/** Thirty other spellings of the same cover at the same width, as an attacker would send them. */
const SPELLINGS = [
  ...Array.from({ length: 10 }, (_, n) => `/v${n}/../media/covers/affaires-1.webp`),
  '/media/./covers/affaires-1.webp',
  '/media//covers/affaires-1.webp',
  '/media/covers/../covers/affaires-1.webp',
  '/media/covers/%61ffaires-1.webp',
  '/media/covers/affaires-1.we%62p',
  '/media/covers/affaires-1.webp?v=1',
  '/media/covers/affaires-1.webp?',
  '/media/covers/affaires-1.webp#x',
  '/MEDIA/covers/affaires-1.webp',
  '/media/covers/Affaires-1.webp',
  '/media/covers/affaires-1.webp/',
  '/media/covers/affaires-1.webp;x',
  '/media/covers/affaires-1.webp%00',
  '//localhost/media/covers/affaires-1.webp',
  'http://localhost:3000/media/covers/affaires-1.webp',
  '/media/covers\\affaires-1.webp',
  '/media/covers/affaires-1.webp ',
  ' /media/covers/affaires-1.webp',
  '/media/covers/affaires-1.webp.',
  '/./media/covers/affaires-1.webp',
].map((url) => `/_next/image?url=${encodeURIComponent(url)}&w=1920&q=75`);

/** Same path, other queries: repeated or extra parameters, another quality or width spelling. */
const QUERIES = [
  `${CANONICAL}&x=1`,
  `${CANONICAL}&url=${encodeURIComponent(COVER)}`,
  `/_next/image?url=${encodeURIComponent(COVER)}&w=01920&q=75`,
  `/_next/image?url=${encodeURIComponent(COVER)}&w=1920&q=075`,
  `/_next/image?url=${encodeURIComponent(COVER)}&w=1921&q=75`,
  `/_next/image?url=${encodeURIComponent(COVER)}&w=1920&q=80`,
  `/_next/image?url=${encodeURIComponent(COVER)}&w=1920`,
  `/_next/image?url=${encodeURIComponent('/_next/static/chunks/main.js')}&w=1920&q=75`,
  `/_next/image?url=${encodeURIComponent('/api/health')}&w=1920&q=75`,
];

type FakeResponse = Omit<ServerResponse, 'writableEnded'> & {
  writableEnded: boolean;
  status?: number;
  body?: string;
  finish: () => void;
};

function fakeExchange(url: string): { request: IncomingMessage; response: FakeResponse } {
  const response = Object.assign(new EventEmitter(), {
    destroyed: false,
    writableEnded: false,
    writeHead(status: number) {
      response.status = status;
      return response;
    },
    end(body?: string) {
      response.body = body;
      response.finish();
    },
    finish() {
      response.writableEnded = true;
      response.emit('close');
    },
  }) as unknown as FakeResponse;
  return { request: { url } as IncomingMessage, response };
}

describe('the image optimiser guard', () => {
  it('lets through the one spelling our pages write and refuses thirty others with 400', async () => {
    expect(SPELLINGS).toHaveLength(30);
    expect(imageSources(COVER, 1200, '100vw').src).toBe(
      `/_next/image?url=${encodeURIComponent(COVER)}&w=3840&q=75`,
    );
    const forwarded: string[] = [];
    for (const url of [CANONICAL, ...SPELLINGS, ...QUERIES]) {
      const { request, response } = fakeExchange(url);
      expect(
        admitImageOptimiser(request, response as unknown as ServerResponse, () => {
          forwarded.push(url);
          response.finish();
        }),
      ).toBe(true);
      if (url !== CANONICAL)
        expect([url, response.status, response.body]).toEqual([url, 400, IMAGE_REFUSED_MESSAGE]);
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(forwarded).toEqual([CANONICAL]);
  });

  it('leaves every other path to Next.js', () => {
    const { request, response } = fakeExchange('/actualite?url=/media/x');
    expect(admitImageOptimiser(request, response as unknown as ServerResponse, () => {})).toBe(false);
  });

  it('encodes one image at a time, queues the next ones and refuses past the queue with 503', async () => {
    const running: FakeResponse[] = [];
    const exchanges = Array.from({ length: IMAGE_OPTIMISER_CONCURRENCY + IMAGE_OPTIMISER_QUEUE + 1 }, () =>
      fakeExchange(CANONICAL),
    );
    for (const { request, response } of exchanges)
      admitImageOptimiser(request, response as unknown as ServerResponse, () => running.push(response));
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toHaveLength(IMAGE_OPTIMISER_CONCURRENCY);
    const refused = exchanges.at(-1)?.response;
    expect([refused?.status, refused?.body]).toEqual([503, IMAGE_BUSY_MESSAGE]);
    // An answer sent frees its slot for the next request waiting.
    running[0]?.finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toHaveLength(IMAGE_OPTIMISER_CONCURRENCY + 1);
    for (const { response } of exchanges) if (!response.writableEnded) response.finish();
  });

  it("gives Next's optimiser the site's image folders only, without a query", () => {
    const patterns = nextConfig.images?.localPatterns;
    expect(hasLocalMatch(patterns, COVER)).toBe(true);
    expect(hasLocalMatch(patterns, '/media/12/original.jpg')).toBe(true);
    for (const other of [`${COVER}?v=1`, '/_next/static/chunks/main.js', '/api/health', '/favicon.ico']) {
      expect([other, hasLocalMatch(patterns, other)]).toEqual([other, false]);
    }
    expect(nextConfig.images?.maximumDiskCacheSize).toBeGreaterThan(0);
  });
});
