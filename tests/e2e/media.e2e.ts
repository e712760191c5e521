import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { baseUrl, expect, test } from './support/fixtures';
import { signInAsEditor } from './support/staff';

/**
 * The media hardening as an attacker sees it, against the built site behind its real proxy and request hook:
 * the image optimiser, uploads (size, metadata, policy) and the backup download.
 */

const COVER = '/media/covers/affaires-1.webp';
const optimised = (url: string) => `/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`;

/** Uploads a file with the staff session of `page`, as the newsroom's editor does. */
async function upload(page: Page, bytes: Buffer, name: string, type: string): Promise<Response> {
  const cookies = await page.context().cookies();
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  return fetch(`${baseUrl()}/api/admin/media`, {
    method: 'POST',
    headers: { Cookie: cookies.map((item) => `${item.name}=${item.value}`).join('; '), Origin: baseUrl() },
    body: form,
  });
}

const pdfOf = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size), Buffer.from('\n%%EOF\n')]);

test('the image optimiser answers one spelling of a path and refuses thirty others', async ({ request }) => {
  expect((await request.get(optimised(COVER))).status()).toBe(200);
  const spellings = [
    ...Array.from({ length: 20 }, (_, n) => `/v${n}/../media/covers/affaires-1.webp`),
    '/media/./covers/affaires-1.webp',
    '/media//covers/affaires-1.webp',
    '/media/covers/%61ffaires-1.webp',
    '/media/covers/affaires-1.webp?v=1',
    '/MEDIA/covers/affaires-1.webp',
    '/./media/covers/affaires-1.webp',
    '/media/covers/../covers/affaires-1.webp',
    '/media/attachments/../covers/affaires-1.webp',
    '/media/covers/affaires-1.webp#',
    '/media/covers/affaires-1.webp/',
  ];
  expect(spellings).toHaveLength(30);
  for (const spelling of spellings) {
    const answer = await request.get(optimised(spelling));
    expect([spelling, answer.status()]).toEqual([spelling, 400]);
  }
  const extra = await request.get(`${optimised(COVER)}&x=1`);
  expect(extra.status()).toBe(400);
});

test('uploads: 12 MB accepted, over 20 MB a French 413, a JPEG served without EXIF, a PDF sandboxed', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(180_000);
  await signInAsEditor(page, consoleGuard);

  const twelve = await upload(page, pdfOf(12 * 1024 * 1024), 'rapport.pdf', 'application/pdf');
  expect(twelve.status).toBe(201);
  const pdf = (await twelve.json()) as { url: string };
  const served = await fetch(`${baseUrl()}${pdf.url}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(12 * 1024 * 1024);

  const tooLarge = await upload(page, pdfOf(21 * 1024 * 1024), 'enorme.pdf', 'application/pdf');
  expect(tooLarge.status).toBe(413);
  expect(await tooLarge.json()).toMatchObject({
    error: { message: 'Fichier trop volumineux : 20 Mo au plus.' },
  });

  // Without Content-Length (chunked), cut by the proxy's copy of the body: still a 413, not « Formulaire invalide ».
  const boundary = 'limite';
  const parts = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="enorme.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdfOf(21 * 1024 * 1024),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  const cookies = await page.context().cookies();
  const chunked = await fetch(`${baseUrl()}/api/admin/media`, {
    method: 'POST',
    headers: {
      Cookie: cookies.map((item) => `${item.name}=${item.value}`).join('; '),
      Origin: baseUrl(),
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
    },
    body: new ReadableStream({
      start(controller) {
        for (const part of parts) controller.enqueue(new Uint8Array(part));
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit);
  expect(chunked.status).toBe(413);

  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e86de' } })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
    .jpeg()
    .toBuffer();
  const jpeg = await upload(page, photo, 'photo.jpg', 'image/jpeg');
  expect(jpeg.status).toBe(201);
  const original = await fetch(`${baseUrl()}${((await jpeg.json()) as { url: string }).url}`);
  expect(original.headers.get('content-type')).toBe('image/jpeg');
  expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).exif).toBeUndefined();
});

test('a backup download cut off after 20 KB leaves the site answering', async () => {
  test.setTimeout(60_000);
  const controller = new AbortController();
  const backup = await fetch(`${baseUrl()}/api/ops/backup`, { signal: controller.signal });
  expect(backup.status).toBe(200);
  const reader = (backup.body as ReadableStream<Uint8Array>).getReader();
  let received = 0;
  while (received < 20_000) {
    const { value, done } = await reader.read();
    if (done) break;
    received += value.byteLength;
  }
  controller.abort();
  for (let check = 0; check < 5; check += 1) {
    const health = await fetch(`${baseUrl()}/api/health`, { signal: AbortSignal.timeout(2_000) });
    expect(health.status).toBe(200);
  }
});
