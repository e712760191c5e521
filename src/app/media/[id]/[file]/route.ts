// GET /media/{id}/{key}.{ext}: the files of uploaded media (originals and responsive variants), for readers
import { getDb } from '@/server/db/client';
import { readMediaFile } from '@/server/editorial/media';

export const dynamic = 'force-dynamic';

const FILE = /^(original|w\d{2,5})\.(jpg|png|webp|avif|pdf)$/;

function notFound(): Response {
  return new Response('Fichier introuvable.', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** A medium's bytes never change under one address: cached for a year by browsers and CDNs. */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string; file: string }> },
): Promise<Response> {
  const { id, file } = await params;
  const match = FILE.exec(file);
  if (!/^\d{1,9}$/.test(id) || !match?.[1]) return notFound();
  const found = await readMediaFile(await getDb(), Number(id), match[1]);
  if (!found) return notFound();
  const headers: Record<string, string> = {
    'Content-Type': found.contentType,
    'Content-Length': String(found.bytes.byteLength),
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
  };
  if (found.contentType === 'application/pdf') {
    headers['Content-Disposition'] = `inline; filename*=UTF-8''${encodeURIComponent(found.name)}`;
    headers['Content-Security-Policy'] = "default-src 'none'; sandbox";
  }
  return new Response(new Uint8Array(found.bytes), { headers });
}
