import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as publishPost } from '@/app/api/admin/articles/[id]/publish/route';
import { POST as createPost } from '@/app/api/admin/articles/route';
import { POST as replacePost } from '@/app/api/admin/media/[id]/replace/route';
import {
  DELETE as mediaDelete,
  GET as mediaGet,
  PATCH as mediaPatch,
} from '@/app/api/admin/media/[id]/route';
import { GET as mediaListGet, POST as mediaPost } from '@/app/api/admin/media/route';
import { GET as mediaFileGet } from '@/app/media/[id]/[file]/route';
import {
  type MediaAnswer,
  type MediaDetailAnswer,
  mediaAnswer,
  mediaDetailAnswer,
  mediaListAnswer,
} from '@/lib/contracts/admin';
import type { Database } from '@/server/db/client';
import { articles } from '@/server/db/schema';
import { forgetDatabaseForRoutes, TEST_ORIGIN, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { articleBody, callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

let database: Database;
let journalist: TestStaff;
let editor: TestStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  journalist = await createTestStaff(database.db, 'redacteur', 'Camille Martin');
  editor = await createTestStaff(database.db, 'editeur', 'Dominique Chef');
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

const png = (red: number) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: red, g: 80, b: 40 } } })
    .png()
    .toBuffer();

function sendFile(
  handler: (request: Request, context: never) => Promise<Response>,
  path: string,
  bytes: Buffer,
  name: string,
  id?: number,
) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
  const request = new Request(`${TEST_ORIGIN}${path}`, {
    method: 'POST',
    headers: { host: new URL(TEST_ORIGIN).host, cookie: journalist.cookie },
    body: form,
  });
  return handler(request, { params: Promise.resolve(id === undefined ? {} : { id: String(id) }) } as never);
}

async function upload(name: string, red = 10): Promise<MediaAnswer> {
  const response = await sendFile(mediaPost, '/api/admin/media', await png(red), name);
  expect(response.status).toBe(201);
  return mediaAnswer.parse(await response.json());
}

const patch = (id: number, body: unknown) =>
  callAdmin(mediaPatch, {
    path: `/api/admin/media/${id}`,
    method: 'PATCH',
    caller: journalist,
    body,
    params: { id: String(id) },
  });
const detail = async (id: number): Promise<MediaDetailAnswer> => {
  const answer = await callAdmin(mediaGet, {
    path: `/api/admin/media/${id}`,
    caller: journalist,
    params: { id: String(id) },
  });
  expect(answer.status).toBe(200);
  return mediaDetailAnswer.parse(answer.body);
};
const remove = (id: number) =>
  callAdmin<{ error: { message: string } }>(mediaDelete, {
    path: `/api/admin/media/${id}`,
    method: 'DELETE',
    caller: journalist,
    params: { id: String(id) },
  });
const list = async (query: Record<string, string | number>) => {
  const answer = await callAdmin(mediaListGet, { path: '/api/admin/media', caller: journalist, query });
  return { status: answer.status, body: answer.body };
};

describe('the media library API', () => {
  it('searches names, alt texts and captions, with LIKE wildcards taken literally, and filters by kind', async () => {
    const harbour = await upload('port-de-marseille.png');
    const court = await upload('audience.png');
    expect((await patch(court.id, { alt: 'La cour de cassation', caption: 'Chambre sociale' })).status).toBe(
      200,
    );

    const byName = mediaListAnswer.parse((await list({ q: 'MARSEILLE' })).body);
    expect(byName.items.map((item) => item.id)).toEqual([harbour.id]);
    const byCaption = mediaListAnswer.parse((await list({ q: 'sociale' })).body);
    expect(byCaption.items.map((item) => item.id)).toEqual([court.id]);
    expect(byCaption.items[0]).toMatchObject({ uploadedBy: 'Camille Martin', caption: 'Chambre sociale' });
    expect(mediaListAnswer.parse((await list({ q: '%' })).body).total).toBe(0);
    expect(mediaListAnswer.parse((await list({ kind: 'pdf' })).body).total).toBe(0);

    const tooLong = await list({ q: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('au plus 100 caractères');
    expect((await list({ perPage: 101 })).status).toBe(400);
  });

  it('edits alt, caption and focal point; a bad focal point is a French 400', async () => {
    const photo = await upload('focale.png');
    const edited = await patch(photo.id, {
      alt: 'Un bureau',
      caption: 'Légende',
      focalPoint: { x: 20, y: 75 },
    });
    expect(edited.status).toBe(200);
    expect(mediaAnswer.parse(edited.body)).toMatchObject({
      alt: 'Un bureau',
      caption: 'Légende',
      focalPoint: { x: 20, y: 75 },
    });

    for (const focalPoint of [
      { x: 101, y: 5 },
      { x: -1, y: 5 },
      { x: 2.5, y: 5 },
      { x: '5', y: 5 },
      { x: 5 },
    ]) {
      const refused = await patch(photo.id, { focalPoint });
      expect(refused.status, JSON.stringify(focalPoint)).toBe(400);
      expect(JSON.stringify(refused.body)).toMatch(/doit être|obligatoire|attendu|invalide/i);
    }
    expect(JSON.stringify((await patch(photo.id, { focalPoint: { x: 101, y: 5 } })).body)).toContain(
      'doit être entre 0 et 100',
    );
    expect((await patch(photo.id, {})).status).toBe(400);
    expect((await patch(photo.id, { alt: '  ' })).status).toBe(400);

    const cleared = mediaAnswer.parse((await patch(photo.id, { caption: '', focalPoint: null })).body);
    expect(cleared).toMatchObject({ alt: 'Un bureau', caption: null, focalPoint: null });
  });

  it('names the articles that use a medium and refuses to delete it (409, French) until none does', async () => {
    const cover = await upload('couverture.png');
    const created = await callAdmin<{ id: string }>(createPost, {
      path: '/api/admin/articles',
      method: 'POST',
      caller: journalist,
      body: articleBody({
        title: 'Un article illustré',
        view: `<figure><img src="${cover.url}" alt="Une couverture"><figcaption>Légende</figcaption></figure>`,
      }),
    });
    expect(created.status).toBe(201);

    const used = await detail(cover.id);
    expect(used.usedBy).toEqual([{ id: created.body.id, title: 'Un article illustré', status: 'draft' }]);
    const refused = await remove(cover.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(
      'Ce média est encore utilisé (article « Un article illustré »)',
    );

    const unused = await upload('inutile.png');
    expect((await detail(unused.id)).usedBy).toEqual([]);
    expect((await remove(unused.id)).status).toBe(204);
    expect(
      (await callAdmin(mediaGet, { path: '/x', caller: journalist, params: { id: String(unused.id) } }))
        .status,
    ).toBe(404);
    const file = new URL(unused.url, TEST_ORIGIN);
    const [, , address, fileName] = file.pathname.split('/');
    const served = await mediaFileGet(new Request(file), {
      params: Promise.resolve({ id: String(address), file: String(fileName) }),
    });
    expect(served.status).toBe(404);
  });

  it('replaces a file with a new version at a new address, keeping texts; the list shows the newest only', async () => {
    const first = await upload('version-1.png', 200);
    await patch(first.id, { alt: 'Texte gardé', caption: 'Légende gardée', focalPoint: { x: 10, y: 90 } });
    const response = await sendFile(
      replacePost,
      `/api/admin/media/${first.id}/replace`,
      await png(30),
      'version-2.png',
      first.id,
    );
    expect(response.status).toBe(201);
    const second = mediaAnswer.parse(await response.json());
    expect(second).toMatchObject({
      replacesId: first.id,
      name: 'version-2.png',
      alt: 'Texte gardé',
      caption: 'Légende gardée',
      focalPoint: { x: 10, y: 90 },
    });
    expect(second.url).not.toBe(first.url);

    const found = mediaListAnswer.parse((await list({ q: 'version-' })).body);
    expect(found.items.map((item) => item.id)).toEqual([second.id]);

    const again = await sendFile(
      replacePost,
      `/api/admin/media/${first.id}/replace`,
      await png(60),
      'v3.png',
      first.id,
    );
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toContain(
      'déjà été remplacé',
    );

    const pdf = new FormData();
    pdf.set(
      'file',
      new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'a.pdf', { type: 'application/pdf' }),
    );
    const wrongKind = await replacePost(
      new Request(`${TEST_ORIGIN}/api/admin/media/${second.id}/replace`, {
        method: 'POST',
        headers: { host: new URL(TEST_ORIGIN).host, cookie: journalist.cookie },
        body: pdf,
      }),
      { params: Promise.resolve({ id: String(second.id) }) },
    );
    expect(wrongKind.status).toBe(415);
    expect(((await wrongKind.json()) as { error: { message: string } }).error.message).toContain(
      'Remplacez une image par une image',
    );

    // Deleting the newest removes the earlier versions too.
    expect((await remove(second.id)).status).toBe(204);
    expect((await list({ q: 'version-' })).body).toMatchObject({ total: 0 });
  });

  it('publishes a library image with the focal point its medium has at publication, not when it was chosen', async () => {
    const photo = await upload('recadrage.png');
    await patch(photo.id, { focalPoint: { x: 10, y: 20 } });
    const cover = { content_type: 'cover', href: photo.url, image_name: photo.name, alt: 'Un bureau' };
    const created = await callAdmin<{ id: string; version: number }>(createPost, {
      path: '/api/admin/articles',
      method: 'POST',
      caller: editor,
      body: articleBody({
        title: 'Un article recadré',
        images: [{ ...cover, focal_point: { x: 10, y: 20 } }],
      }),
    });
    expect(created.status).toBe(201);
    await patch(photo.id, { focalPoint: { x: 70, y: 30 } });

    const published = await callAdmin(publishPost, {
      path: `/api/admin/articles/${created.body.id}/publish`,
      method: 'POST',
      caller: editor,
      params: { id: created.body.id },
      body: { version: created.body.version },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const [row] = await database.db
      .select({ images: articles.images })
      .from(articles)
      .where(eq(articles.id, created.body.id));
    expect(row?.images[0]).toMatchObject({ href: photo.url, focalPoint: { x: 70, y: 30 } });

    const refused = await callAdmin(createPost, {
      path: '/api/admin/articles',
      method: 'POST',
      caller: editor,
      body: articleBody({ images: [{ ...cover, focal_point: { x: 120, y: 20 } }] }),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('doit être entre 0 et 100');
  });
});
