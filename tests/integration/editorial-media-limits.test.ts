import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as mediaPost } from '@/app/api/admin/media/route';
import { GET as mediaFileGet } from '@/app/media/[id]/[file]/route';
import { mediaAnswer } from '@/lib/contracts/admin';
import type { Database } from '@/server/db/client';
import { media, mediaFiles } from '@/server/db/schema';
import {
  MEDIA_PART_BYTES,
  storageFullMessage,
  UPLOAD_RATE_LIMIT,
  UPLOAD_RATE_LIMIT_MESSAGE,
} from '@/server/editorial/media';
import { forgetDatabaseForRoutes, TEST_ORIGIN, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { createTestStaff, type TestStaff } from '../support/newsroom';

/** Upload limits: per staff member, one image decoded at a time, files written in parts, a storage quota. */

// Read by env() on first use: the quota of this file's database, small enough to fill.
const QUOTA_MB = 8;
process.env.MEDIA_STORAGE_QUOTA_MB = String(QUOTA_MB);

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

async function upload(staff: TestStaff, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  const request = new Request(`${TEST_ORIGIN}/api/admin/media`, {
    method: 'POST',
    headers: { host: new URL(TEST_ORIGIN).host, cookie: staff.cookie },
    body: form,
  });
  const response = await mediaPost(request, { params: Promise.resolve({}) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

/** A PDF of about `size` bytes that does not compress (its body is random). */
function pdfOf(size: number): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size), Buffer.from('\n%%EOF\n')]);
}

describe('upload limits', () => {
  it('limits each staff member to 30 uploads in 10 minutes, with Retry-After, not the others', async () => {
    const [busy, other] = [
      await createTestStaff(database.db, 'redacteur'),
      await createTestStaff(database.db, 'redacteur'),
    ];
    const refused = Buffer.from('pas une image');
    for (let sent = 0; sent < UPLOAD_RATE_LIMIT.limit; sent += 1) {
      expect((await upload(busy, refused, 'x.jpg', 'image/jpeg')).status).toBe(415);
    }
    const over = await upload(busy, pdfOf(100), 'a.pdf', 'application/pdf');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: { message: UPLOAD_RATE_LIMIT_MESSAGE } });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await upload(other, pdfOf(100), 'a.pdf', 'application/pdf')).status).toBe(201);
  });

  it('decodes one image at a time when several arrive together', async () => {
    const staff = await createTestStaff(database.db, 'redacteur');
    const images = await Promise.all(
      ['#112233', '#445566', '#778899'].map((background) =>
        sharp({ create: { width: 1200, height: 800, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, sharp.counters().process);
    }, 2);
    const answers = await Promise.all(
      images.map((image, n) => upload(staff, image, `${n}.png`, 'image/png')),
    );
    clearInterval(watch);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(most).toBe(1);
  });

  it('writes a large file in parts, outside any transaction, and serves it whole', async () => {
    const staff = await createTestStaff(database.db, 'redacteur');
    const pdf = pdfOf(4 * MEDIA_PART_BYTES);
    const parts = Math.ceil(pdf.byteLength / MEDIA_PART_BYTES);
    const [last] = await database.db.select({ id: media.id }).from(media).orderBy(desc(media.id)).limit(1);
    const uploading = upload(staff, pdf, 'gros.pdf', 'application/pdf');
    let finished = false;
    void uploading.then(() => {
      finished = true;
    });
    // Other queries run while it is written, and see its parts arrive one by one: no transaction holds them.
    const seen = new Set<number>();
    while (!finished) {
      const [row] = await database.db.select({ id: media.id }).from(media).orderBy(desc(media.id)).limit(1);
      if (row && row.id !== last?.id)
        seen.add(await database.db.$count(mediaFiles, eq(mediaFiles.mediaId, row.id)));
    }
    expect([...seen].some((count) => count > 0 && count < parts)).toBe(true);
    const answer = await uploading;
    expect(answer.status).toBe(201);
    const stored = mediaAnswer.parse(answer.body);
    expect(await database.db.$count(mediaFiles, eq(mediaFiles.mediaId, stored.id))).toBe(parts);
    const [, , address, file] = stored.url.split('/');
    const served = await mediaFileGet(new Request(`${TEST_ORIGIN}${stored.url}`), {
      params: Promise.resolve({ id: address ?? '', file: file ?? '' }),
    });
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('refuses a file past the storage quota with a French message, storing nothing', async () => {
    const staff = await createTestStaff(database.db, 'redacteur');
    const before = await database.db.$count(media);
    const answer = await upload(staff, pdfOf(QUOTA_MB * 1024 * 1024), 'trop.pdf', 'application/pdf');
    expect(answer.status).toBe(413);
    const used = Number(
      (
        await database.db
          .select({ used: sql<string>`sum(octet_length(${mediaFiles.bytes}))` })
          .from(mediaFiles)
      )[0]?.used,
    );
    expect(answer.body).toMatchObject({
      error: { message: storageFullMessage(used, QUOTA_MB * 1024 * 1024) },
    });
    expect(storageFullMessage(used, QUOTA_MB * 1024 * 1024)).toMatch(
      /^Espace des médias plein : \d+ Mo utilisés sur 8 Mo\. Ce fichier n'y tient pas/,
    );
    expect(await database.db.$count(media)).toBe(before);
  });
});
