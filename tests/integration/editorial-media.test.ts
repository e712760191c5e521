import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as mediaPost } from '@/app/api/admin/media/route';
import { GET as mediaFileGet } from '@/app/media/[id]/[file]/route';
import { type MediaAnswer, mediaAnswer } from '@/lib/contracts/admin';
import { MEDIA_LIMITS } from '@/lib/media-limits';
import type { Database } from '@/server/db/client';
import { media, mediaFiles } from '@/server/db/schema';
import {
  BOMB_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  MISMATCHED_FILE_MESSAGE,
  UNSUPPORTED_FILE_MESSAGE,
} from '@/server/editorial/media';
import { forgetDatabaseForRoutes, TEST_ORIGIN, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { createTestStaff, type TestStaff } from '../support/newsroom';

let database: Database;
let journalist: TestStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  journalist = await createTestStaff(database.db, 'redacteur');
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

async function upload(
  bytes: Uint8Array,
  name: string,
  type: string,
  alt?: string,
): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  if (alt) form.set('alt', alt);
  const request = new Request(`${TEST_ORIGIN}/api/admin/media`, {
    method: 'POST',
    headers: { host: new URL(TEST_ORIGIN).host, cookie: journalist.cookie },
    body: form,
  });
  const response = await mediaPost(request, { params: Promise.resolve({}) });
  return { status: response.status, body: await response.json() };
}

async function storedCount(): Promise<[number, number]> {
  return [await database.db.$count(media), await database.db.$count(mediaFiles)];
}

/** A PNG whose header announces `width` x `height` pixels, with almost no data: a decompression bomb's shape. */
function pngAnnouncing(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/admin/media', () => {
  it('stores a JPEG with WebP variants no wider than the original, served for a year', async () => {
    const jpeg = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const answer = await upload(jpeg, 'Couverture été.jpg', 'image/jpeg', 'Un ciel bleu');
    expect(answer.status).toBe(201);
    const stored: MediaAnswer = mediaAnswer.parse(answer.body);
    expect(stored).toMatchObject({
      kind: 'image',
      width: 1000,
      height: 500,
      alt: 'Un ciel bleu',
      name: 'Couverture été.jpg',
    });
    expect(stored.variants.map((variant) => variant.width)).toEqual([320, 640, 960, 1000]);
    expect(stored.variants[0]).toMatchObject({ height: 160, contentType: 'image/webp' });
    const [file, id] = [stored.variants[1]?.url.split('/').at(-1) ?? '', String(stored.id)];
    const served = await mediaFileGet(new Request(`${TEST_ORIGIN}${stored.variants[1]?.url}`), {
      params: Promise.resolve({ id, file }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(640);
    // A width that was not made (a page guessing the image's width) gets the widest variant below it.
    const guessed = await mediaFileGet(new Request(`${TEST_ORIGIN}/media/${id}/w1200.webp`), {
      params: Promise.resolve({ id, file: 'w1200.webp' }),
    });
    expect((await sharp(Buffer.from(await guessed.arrayBuffer())).metadata()).width).toBe(1000);
  });

  it('stores a PDF attachment without variants', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const answer = await upload(pdf, 'barème.pdf', 'application/pdf');
    expect(answer.status).toBe(201);
    expect(mediaAnswer.parse(answer.body)).toMatchObject({ kind: 'pdf', width: null, variants: [] });
  });

  it('refuses what is not what it claims, a bomb and a file too large, storing nothing', async () => {
    const before = await storedCount();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const cases: [Uint8Array, string, string, number, string][] = [
      [Buffer.from('<script>alert(1)</script>'), 'photo.jpg', 'image/jpeg', 415, UNSUPPORTED_FILE_MESSAGE],
      [png, 'photo.jpg', 'image/jpeg', 415, MISMATCHED_FILE_MESSAGE],
      [
        Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
        'anime.gif',
        'image/gif',
        415,
        UNSUPPORTED_FILE_MESSAGE,
      ],
      [pngAnnouncing(60_000, 60_000), 'bombe.png', 'image/png', 400, BOMB_MESSAGE],
      [
        Buffer.alloc(MEDIA_LIMITS.maxBytes + 1, 0xff),
        'enorme.jpg',
        'image/jpeg',
        413,
        FILE_TOO_LARGE_MESSAGE,
      ],
    ];
    for (const [bytes, name, type, status, message] of cases) {
      const answer = await upload(bytes, name, type);
      expect([name, answer.status]).toEqual([name, status]);
      expect(answer.body).toMatchObject({ error: { message } });
    }
    expect(await storedCount()).toEqual(before);
  });

  it('stops reading a body past the limit, whatever its announced length', async () => {
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
        if (sent > 100 * 1024 * 1024) controller.close();
      },
    });
    const request = new Request(`${TEST_ORIGIN}/api/admin/media`, {
      method: 'POST',
      headers: {
        host: new URL(TEST_ORIGIN).host,
        cookie: journalist.cookie,
        'content-type': 'multipart/form-data; boundary=x',
      },
      body,
      duplex: 'half',
    } as RequestInit);
    const response = await mediaPost(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(MEDIA_LIMITS.maxBytes + 4 * 1024 * 1024);
  });
});
