import 'server-only';
import { createHash } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import type { z } from 'zod';
import {
  IMAGE_CONTENT_TYPES,
  MEDIA_CONTENT_TYPES,
  type MediaAnswer,
  type MediaVariant,
  type mediaListQuery,
} from '@/lib/contracts/admin';
import { MEDIA_LIMITS } from '@/lib/media-limits';
import type { Db } from '../db/client';
import { media, mediaFiles } from '../db/schema';
import { AppError } from '../http/errors';
import { recordAudit } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';
import { mediaTypeOf, readLimited } from '../staff/route';

// Uploaded images and PDF attachments. The type is read from the file's first bytes (file-type), never from
// its name or declared type; images are opened by sharp with a pixel limit and stored with WebP variants for
// srcset. Nothing is stored unless every check passed and every variant was made.

type ContentType = (typeof MEDIA_CONTENT_TYPES)[number];
type MediaRow = typeof media.$inferSelect;

/** Multipart framing around the file: the body may exceed the file's limit by this much. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const VARIANT_FORMAT = { contentType: 'image/webp', extension: 'webp' } as const;
const EXTENSIONS: Record<ContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'application/pdf': 'pdf',
};

export const UNSUPPORTED_FILE_MESSAGE =
  'Format non pris en charge : envoyez une image JPEG, PNG, WebP ou AVIF, ou un PDF.';
export const MISMATCHED_FILE_MESSAGE = 'Le contenu du fichier ne correspond pas à son type annoncé.';
export const BOMB_MESSAGE = `Image trop grande : ${MEDIA_LIMITS.maxPixels / 1_000_000} millions de pixels au plus.`;
export const UNREADABLE_IMAGE_MESSAGE = 'Image illisible ou endommagée.';
export const FILE_TOO_LARGE_MESSAGE = `Fichier trop volumineux : ${MEDIA_LIMITS.maxBytes / (1024 * 1024)} Mo au plus.`;

function isImage(type: ContentType): boolean {
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(type);
}

/** The path a medium's file is served at: immutable (the id and key never change their bytes). */
export function mediaFileUrl(id: number, key: string, contentType: string): string {
  const extension = EXTENSIONS[contentType as ContentType] ?? VARIANT_FORMAT.extension;
  return `/media/${id}/${key}.${extension}`;
}

function toMediaAnswer(row: MediaRow): MediaAnswer {
  return {
    id: row.id,
    kind: row.kind as MediaAnswer['kind'],
    url: mediaFileUrl(row.id, 'original', row.contentType),
    name: row.name,
    contentType: row.contentType as ContentType,
    size: row.size,
    width: row.width,
    height: row.height,
    alt: row.alt,
    variants: row.variants.map(
      (variant): MediaVariant => ({
        width: variant.width,
        height: variant.height,
        contentType: variant.contentType,
        url: mediaFileUrl(row.id, variant.key, variant.contentType),
      }),
    ),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The uploaded file of a multipart body, read up to the limit (413 past it, without reading further). */
async function readUpload(request: Request): Promise<{ file: File; alt: string | null }> {
  if (mediaTypeOf(request) !== 'multipart/form-data') {
    throw new AppError(
      'unsupported_media_type',
      'Envoyez le fichier en multipart/form-data (champ « file »).',
    );
  }
  const bytes = await readLimited(request, MEDIA_LIMITS.maxBytes + MULTIPART_OVERHEAD_BYTES).catch(
    (error) => {
      if (error instanceof AppError && error.code === 'payload_too_large') {
        throw new AppError('payload_too_large', FILE_TOO_LARGE_MESSAGE);
      }
      throw error;
    },
  );
  const form = await new Response(new Blob([bytes]), {
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  })
    .formData()
    .catch(() => {
      throw new AppError('bad_request', 'Formulaire invalide.');
    });
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) {
    throw new AppError('bad_request', 'Aucun fichier reçu.', [
      { field: 'file', message: 'fichier obligatoire' },
    ]);
  }
  if (file.size > MEDIA_LIMITS.maxBytes) throw new AppError('payload_too_large', FILE_TOO_LARGE_MESSAGE);
  const alt = form.get('alt');
  if (typeof alt === 'string' && alt.length > 500) {
    throw new AppError('bad_request', 'Texte alternatif trop long.', [
      { field: 'alt', message: 'au plus 500 caractères' },
    ]);
  }
  return { file, alt: typeof alt === 'string' && alt.trim() ? alt.trim() : null };
}

/** A file name safe to show and to send back in Content-Disposition. */
function cleanName(name: string, type: ContentType): string {
  const base = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._ -]+/gu, '')
    .trim()
    .slice(0, 200);
  return base || `fichier.${EXTENSIONS[type]}`;
}

type Prepared = {
  type: ContentType;
  width: number | null;
  height: number | null;
  files: { key: string; contentType: string; bytes: Buffer; width: number; height: number }[];
};

/** Checks what the bytes are and makes the variants; throws a French AppError, having stored nothing. */
async function prepare(bytes: Buffer, declaredType: string): Promise<Prepared> {
  const detected = (await fileTypeFromBuffer(bytes))?.mime;
  if (!detected || !(MEDIA_CONTENT_TYPES as readonly string[]).includes(detected)) {
    throw new AppError('unsupported_media_type', UNSUPPORTED_FILE_MESSAGE);
  }
  const type = detected as ContentType;
  const declared = declaredType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (declared && declared !== 'application/octet-stream' && declared !== type) {
    throw new AppError('unsupported_media_type', MISMATCHED_FILE_MESSAGE);
  }
  if (!isImage(type)) return { type, width: null, height: null, files: [] };

  const open = () => sharp(bytes, { limitInputPixels: MEDIA_LIMITS.maxPixels, failOn: 'error' });
  let metadata: Metadata;
  try {
    metadata = await open().metadata();
  } catch (error) {
    throw imageError(error);
  }
  const { width, height } = metadata;
  if (!width || !height) throw new AppError('bad_request', UNREADABLE_IMAGE_MESSAGE);
  // The header's size is checked before anything is decoded: a small file announcing a huge image is a bomb.
  if (width * height > MEDIA_LIMITS.maxPixels) throw new AppError('bad_request', BOMB_MESSAGE);
  const widths = MEDIA_LIMITS.variantWidths.filter((candidate) => candidate < width);
  try {
    const files = [];
    for (const target of [...widths, width]) {
      const { data, info } = await open()
        .rotate()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      files.push({
        key: `w${target}`,
        contentType: VARIANT_FORMAT.contentType,
        bytes: data,
        width: info.width,
        height: info.height,
      });
    }
    const oriented = files.at(-1);
    return { type, width: oriented?.width ?? width, height: oriented?.height ?? height, files };
  } catch (error) {
    throw imageError(error);
  }
}

/** sharp refuses an image over `limitInputPixels` from its header, before decoding it: that is a bomb. */
function imageError(error: unknown): AppError {
  if (error instanceof Error && /pixel limit/i.test(error.message))
    return new AppError('bad_request', BOMB_MESSAGE);
  return new AppError('bad_request', UNREADABLE_IMAGE_MESSAGE);
}

/** POST /api/admin/media: checks, makes the variants, stores it all in one transaction. */
export async function uploadMedia(db: Db, principal: StaffPrincipal, request: Request): Promise<MediaAnswer> {
  const { file, alt } = await readUpload(request);
  const bytes = Buffer.from(await file.arrayBuffer());
  const prepared = await prepare(bytes, file.type);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(media)
      .values({
        kind: isImage(prepared.type) ? 'image' : 'pdf',
        contentType: prepared.type,
        name: cleanName(file.name, prepared.type),
        size: bytes.byteLength,
        width: prepared.width,
        height: prepared.height,
        alt,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        variants: prepared.files.map(({ key, contentType, width, height }) => ({
          key,
          contentType,
          width,
          height,
        })),
        createdBy: principal.staffId,
      })
      .returning();
    const stored = row as MediaRow;
    await tx.insert(mediaFiles).values([
      { mediaId: stored.id, key: 'original', contentType: prepared.type, bytes },
      ...prepared.files.map((item) => ({
        mediaId: stored.id,
        key: item.key,
        contentType: item.contentType,
        bytes: item.bytes,
      })),
    ]);
    await recordAudit(
      tx,
      principal,
      'media.upload',
      { type: 'media', id: stored.id },
      { name: stored.name, contentType: stored.contentType, size: stored.size },
    );
    return toMediaAnswer(stored);
  });
}

export async function updateMediaAlt(
  db: Db,
  principal: StaffPrincipal,
  id: number,
  alt: string,
): Promise<MediaAnswer> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(media).set({ alt }).where(eq(media.id, id)).returning();
    if (!row) throw new AppError('not_found', 'Média introuvable.');
    await recordAudit(tx, principal, 'media.update', { type: 'media', id }, { alt });
    return toMediaAnswer(row);
  });
}

export async function listMedia(db: Db, query: z.output<typeof mediaListQuery>) {
  const where = query.kind ? eq(media.kind, query.kind) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(media)
      .where(where)
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(media).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    items: rows.map(toMediaAnswer),
    total: totalCount,
    page: query.page,
    perPage: query.perPage,
    pageCount: Math.ceil(totalCount / query.perPage),
  };
}

/**
 * The bytes of one file of a medium, for the public /media route. A width that was not made (a page that guessed
 * the image's width) gets the widest variant not wider than it, else the narrowest: the answer for one address
 * never changes, so it can still be cached for ever.
 */
export async function readMediaFile(
  db: Db,
  id: number,
  key: string,
): Promise<{ bytes: Buffer; contentType: string; name: string } | null> {
  const read = async (fileKey: string) => {
    const [row] = await db
      .select({ bytes: mediaFiles.bytes, contentType: mediaFiles.contentType, name: media.name })
      .from(mediaFiles)
      .innerJoin(media, eq(media.id, mediaFiles.mediaId))
      .where(and(eq(mediaFiles.mediaId, id), eq(mediaFiles.key, fileKey)))
      .limit(1);
    return row ? { ...row, bytes: Buffer.from(row.bytes) } : null;
  };
  const found = await read(key);
  const wanted = /^w(\d+)$/.exec(key)?.[1];
  if (found || wanted === undefined) return found;
  const [row] = await db.select({ variants: media.variants }).from(media).where(eq(media.id, id)).limit(1);
  const widths = (row?.variants ?? []).map((variant) => variant.width).sort((a, b) => a - b);
  const fallback = widths.filter((width) => width <= Number(wanted)).at(-1) ?? widths[0];
  return fallback === undefined ? null : read(`w${fallback}`);
}
