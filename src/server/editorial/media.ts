import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  IMAGE_CONTENT_TYPES,
  MEDIA_CONTENT_TYPES,
  type MediaAnswer,
  type MediaVariant,
} from '@/lib/contracts/admin';
import { MEDIA_LIMITS } from '@/lib/media-limits';
import type { Db } from '../db/client';
import { media, mediaFiles } from '../db/schema';
import { env } from '../env';
import { AppError } from '../http/errors';
import { consumeRateLimit, type RateLimitRule } from '../http/rate-limit';
import { remember } from '../lib/remember';
import { recordAudit } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';
import { mediaTypeOf, readLimited } from '../staff/route';

// Uploaded images and PDF attachments. The type is read from the file's first bytes (file-type), never from
// its name or declared type; images are opened by sharp with a pixel limit and stored without their metadata,
// with WebP variants for srcset. Nothing is stored unless every check passed and every variant was made.

type ContentType = (typeof MEDIA_CONTENT_TYPES)[number];
export type MediaRow = typeof media.$inferSelect;

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
const UNREADABLE_IMAGE_MESSAGE = 'Image illisible ou endommagée.';
export const FILE_TOO_LARGE_MESSAGE = `Fichier trop volumineux : ${MEDIA_LIMITS.maxBytes / (1024 * 1024)} Mo au plus.`;

function isImage(type: ContentType): boolean {
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(type);
}

/**
 * The path a medium's file is served at: immutable (the address and key never change their bytes). `address` is
 * the medium's random public key, or its id for media uploaded before keys existed (decision 069).
 */
function mediaFileUrl(address: string | number, key: string, contentType: string): string {
  const extension = EXTENSIONS[contentType as ContentType] ?? VARIANT_FORMAT.extension;
  return `/media/${address}/${key}.${extension}`;
}

/** A medium as the Admin API answers it; `uploadedBy` is the uploader's name, read by the caller. */
export function toMediaAnswer(row: MediaRow, uploadedBy: string | null): MediaAnswer {
  return {
    id: row.id,
    kind: row.kind as MediaAnswer['kind'],
    url: mediaFileUrl(row.publicKey ?? row.id, 'original', row.contentType),
    name: row.name,
    contentType: row.contentType as ContentType,
    size: row.size,
    width: row.width,
    height: row.height,
    alt: row.alt,
    caption: row.caption,
    focalPoint: row.focalX === null || row.focalY === null ? null : { x: row.focalX, y: row.focalY },
    replacesId: row.replacesId,
    variants: row.variants.map(
      (variant): MediaVariant => ({
        width: variant.width,
        height: variant.height,
        contentType: variant.contentType,
        url: mediaFileUrl(row.publicKey ?? row.id, variant.key, variant.contentType),
      }),
    ),
    uploadedBy,
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
  const bytes = await readLimited(request, MEDIA_LIMITS.maxBodyBytes).catch((error) => {
    if (error instanceof AppError && error.code === 'payload_too_large') {
      throw new AppError('payload_too_large', FILE_TOO_LARGE_MESSAGE);
    }
    throw error;
  });
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
  /** What is stored and served as the original: an image without its metadata, a PDF as it came. */
  original: Buffer;
  files: { key: string; contentType: string; bytes: Buffer; width: number; height: number }[];
};

/**
 * An image's original as stored: encoded again in its own format, upright (the EXIF orientation applied), with
 * its colour profile and nothing else: EXIF (a phone's GPS position, its owner, its serial number), XMP and IPTC
 * are dropped, as sharp does unless asked to keep them.
 */
function withoutMetadata(image: Sharp, type: ContentType): Promise<Buffer> {
  const upright = image.autoOrient().keepIccProfile();
  if (type === 'image/png') return upright.png().toBuffer();
  if (type === 'image/webp') return upright.webp({ quality: 90 }).toBuffer();
  if (type === 'image/avif') return upright.avif({ quality: 70 }).toBuffer();
  return upright.jpeg({ quality: 90 }).toBuffer();
}

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
  if (!isImage(type)) return { type, width: null, height: null, original: bytes, files: [] };

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
        .autoOrient()
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
    const original = await withoutMetadata(open(), type);
    return { type, width: oriented?.width ?? width, height: oriented?.height ?? height, original, files };
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

/** Uploads one staff member may send (accepted or not) per window. */
export const UPLOAD_RATE_LIMIT: RateLimitRule = {
  name: 'media-upload:staff',
  limit: 30,
  windowSeconds: 10 * 60,
};
export const UPLOAD_RATE_LIMIT_MESSAGE =
  'Trop de fichiers envoyés : 30 en 10 minutes au plus. Réessayez dans quelques minutes.';
const IMAGES_BUSY_MESSAGE = "Trop d'images en cours de traitement : réessayez dans un instant.";

/**
 * Images decoded at once by one process, and uploads waiting for their turn past which 503: a 100-megapixel
 * image takes seconds of CPU and hundreds of megabytes while its variants are made.
 */
const IMAGE_DECODES_AT_ONCE = 1;
const IMAGE_DECODES_WAITING = 8;
/** Size of the parts a file is written in, one statement each, so that other queries run between them. */
export const MEDIA_PART_BYTES = 512 * 1024;

const imageDecodes = () => remember('media-image-decodes', () => pLimit(IMAGE_DECODES_AT_ONCE));

/** The French refusal of an upload that would take the stored media past their quota. */
export function storageFullMessage(usedBytes: number, quotaBytes: number): string {
  const megabytes = (bytes: number) => Math.ceil(bytes / 1024 ** 2).toLocaleString('fr-FR');
  return `Espace des médias plein : ${megabytes(usedBytes)} Mo utilisés sur ${megabytes(quotaBytes)} Mo. Ce fichier n'y tient pas : demandez à un administrateur d'augmenter le quota (MEDIA_STORAGE_QUOTA_MB).`;
}

/** Refuses a file of `bytes` that would take the stored files (originals and variants) past the quota. */
async function ensureStorageFor(db: Db, bytes: number): Promise<void> {
  const quota = env().MEDIA_STORAGE_QUOTA_MB * 1024 * 1024;
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(octet_length(${mediaFiles.bytes})), 0)` })
    .from(mediaFiles);
  const used = Number(row?.used ?? 0);
  if (used + bytes > quota) throw new AppError('payload_too_large', storageFullMessage(used, quota));
}

/** `prepare`, an image waiting for its turn (IMAGE_DECODES_AT_ONCE); a PDF is not decoded and does not wait. */
async function prepareInTurn(bytes: Buffer, declaredType: string): Promise<Prepared> {
  const detected = (await fileTypeFromBuffer(bytes))?.mime;
  if (!detected || !isImage(detected as ContentType)) return prepare(bytes, declaredType);
  const decodes = imageDecodes();
  if (decodes.pendingCount >= IMAGE_DECODES_WAITING) throw new AppError('unavailable', IMAGES_BUSY_MESSAGE);
  return decodes(() => prepare(bytes, declaredType));
}

/**
 * Writes a file in parts of MEDIA_PART_BYTES, each its own statement: no transaction holds the database. The bytes
 * travel as hex text (`decode`/`encode`): PGlite handles a binary parameter ten times slower, on its one thread.
 */
async function writeFile(
  db: Db,
  mediaId: number,
  file: { key: string; contentType: string; bytes: Buffer },
): Promise<void> {
  for (let part = 0; part * MEDIA_PART_BYTES < Math.max(file.bytes.byteLength, 1); part += 1) {
    const hex = file.bytes.subarray(part * MEDIA_PART_BYTES, (part + 1) * MEDIA_PART_BYTES).toString('hex');
    await db.insert(mediaFiles).values({
      mediaId,
      key: file.key,
      part,
      contentType: file.contentType,
      bytes: sql`decode(${hex}, 'hex')`,
    });
  }
}

/**
 * POST /api/admin/media: counts against the staff member's upload limit, checks the file and the storage quota,
 * makes the variants (one image at a time), then writes the medium's row and its files part by part outside any
 * transaction; a failure deletes what was written. With `replaced`, the file is a new version of that medium
 * (POST /api/admin/media/{id}/replace, decision 074): a new row at a new address, of the same kind, keeping its
 * alt text, caption and focal point.
 */
export async function uploadMedia(
  db: Db,
  principal: StaffPrincipal,
  request: Request,
  replaced?: MediaRow,
): Promise<MediaAnswer> {
  const limit = await consumeRateLimit(db, UPLOAD_RATE_LIMIT, String(principal.staffId));
  if (!limit.allowed) {
    throw new AppError('rate_limited', UPLOAD_RATE_LIMIT_MESSAGE, undefined, limit.retryAfterSeconds);
  }
  const { file, alt } = await readUpload(request);
  const bytes = Buffer.from(await file.arrayBuffer());
  await ensureStorageFor(db, bytes.byteLength);
  const prepared = await prepareInTurn(bytes, file.type);
  const kind = isImage(prepared.type) ? 'image' : 'pdf';
  if (replaced && replaced.kind !== kind) {
    throw new AppError(
      'unsupported_media_type',
      replaced.kind === 'image'
        ? 'Remplacez une image par une image (JPEG, PNG, WebP ou AVIF).'
        : 'Remplacez un PDF par un PDF.',
    );
  }
  const [row] = await db
    .insert(media)
    .values({
      kind,
      contentType: prepared.type,
      name: cleanName(file.name, prepared.type),
      size: prepared.original.byteLength,
      width: prepared.width,
      height: prepared.height,
      alt: alt ?? replaced?.alt ?? null,
      caption: replaced?.caption ?? null,
      focalX: replaced?.focalX ?? null,
      focalY: replaced?.focalY ?? null,
      replacesId: replaced?.id ?? null,
      sha256: createHash('sha256').update(prepared.original).digest('hex'),
      publicKey: randomBytes(16).toString('hex'),
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
  try {
    await writeFile(db, stored.id, { key: 'original', contentType: prepared.type, bytes: prepared.original });
    for (const variant of prepared.files) await writeFile(db, stored.id, variant);
    await recordAudit(
      db,
      principal,
      replaced ? 'media.replace' : 'media.upload',
      { type: 'media', id: stored.id },
      {
        name: stored.name,
        contentType: stored.contentType,
        size: stored.size,
        ...(replaced ? { replaces: replaced.id } : {}),
      },
    );
  } catch (error) {
    await db.delete(media).where(eq(media.id, stored.id));
    throw error;
  }
  return toMediaAnswer(stored, principal.actor.name);
}

/** A medium's address in its files' URLs: its public key, or the id of a medium uploaded before keys. */
const PUBLIC_KEY = /^[0-9a-f]{32}$/;
const LEGACY_ID = /^\d{1,9}$/;

/**
 * The bytes of one file of a medium, for the public /media route, by its address (`mediaFileUrl`): a numeric id
 * finds only a medium without a public key, so a new medium cannot be found by counting. A width that was not
 * made (a page that guessed the image's width) gets the widest variant not wider than it, else the narrowest: the
 * answer for one address never changes, so it can still be cached for ever.
 */
export async function readMediaFile(
  db: Db,
  address: string,
  key: string,
): Promise<{ bytes: Buffer; contentType: string; name: string } | null> {
  const which = PUBLIC_KEY.test(address)
    ? eq(media.publicKey, address)
    : LEGACY_ID.test(address)
      ? and(eq(media.id, Number(address)), isNull(media.publicKey))
      : undefined;
  if (!which) return null;
  const read = async (fileKey: string) => {
    const parts = await db
      .select({
        hex: sql<string>`encode(${mediaFiles.bytes}, 'hex')`,
        contentType: mediaFiles.contentType,
        name: media.name,
      })
      .from(mediaFiles)
      .innerJoin(media, eq(media.id, mediaFiles.mediaId))
      .where(and(which, eq(mediaFiles.key, fileKey)))
      .orderBy(asc(mediaFiles.part));
    const [first] = parts;
    if (!first) return null;
    return {
      contentType: first.contentType,
      name: first.name,
      bytes: Buffer.concat(parts.map((part) => Buffer.from(part.hex, 'hex'))),
    };
  };
  const found = await read(key);
  const wanted = /^w(\d+)$/.exec(key)?.[1];
  if (found || wanted === undefined) return found;
  const [row] = await db.select({ variants: media.variants }).from(media).where(which).limit(1);
  const widths = (row?.variants ?? []).map((variant) => variant.width).sort((a, b) => a - b);
  const fallback = widths.filter((width) => width <= Number(wanted)).at(-1) ?? widths[0];
  return fallback === undefined ? null : read(`w${fallback}`);
}
