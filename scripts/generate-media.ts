// Draws the demo media under public/media from the catalogue of src/server/seed/media.ts: covers (1200 x 628 and
// 16:9), banners, product and white-paper visuals, the placeholder and small PDF attachments. Abstract shapes
// from seeded random streams, so a run always gives the same files. Run once; the files are committed.
//   node --conditions=react-server --import tsx scripts/generate-media.ts
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  ALL_COVERS,
  ATTACHMENTS,
  BANNER_DESKTOP_SIZE,
  BANNER_MOBILE_SIZE,
  BANNERS,
  COVER_SIZE,
  COVER_WIDE_SIZE,
  IMAGE_SOURCE,
  type Palette,
  PLACEHOLDER_PATH,
  PRODUCT_IMAGES,
  PRODUCT_SIZE,
  WHITE_PAPER_SIZE,
  WHITE_PAPERS,
} from '@/server/seed/media';
import { type Random, streamFor } from '@/server/seed/random';
import { PRODUCTS, productCover } from '@/server/seed/shop';

const PUBLIC_DIR = path.join(process.cwd(), 'public');
const FONT = 'DejaVu Sans, Liberation Sans, sans-serif';
const WEBP = { quality: 72, effort: 6, smartSubsample: true } as const;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Greedy line breaking at about `max` characters a line. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + word.length + 1 > max) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Soft circles, rings and bands in the palette's accent and light colours. */
function shapes(rng: Random, width: number, height: number, palette: Palette, count: number): string {
  const [, accent, light] = palette;
  const parts: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const x = rng.int(0, width);
    const y = rng.int(0, height);
    const r = rng.int(Math.round(height * 0.08), Math.round(height * 0.55));
    const color = rng.chance(0.5) ? accent : light;
    const opacity = (rng.int(8, 28) / 100).toFixed(2);
    if (rng.chance(0.35)) {
      parts.push(
        `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${color}" stroke-width="${rng.int(4, 18)}" opacity="${opacity}"/>`,
      );
    } else {
      parts.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${color}" opacity="${opacity}"/>`);
    }
  }
  const bandY = rng.int(Math.round(height * 0.2), Math.round(height * 0.7));
  parts.push(
    `<polygon points="0,${bandY} ${width},${bandY - Math.round(height * 0.35)} ${width},${bandY - Math.round(height * 0.2)} 0,${bandY + Math.round(height * 0.15)}" fill="${accent}" opacity="0.18"/>`,
  );
  return parts.join('');
}

function background(id: string, width: number, height: number, palette: Palette): string {
  const [dark, accent] = palette;
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${accent}" stop-opacity="0.85"/></linearGradient></defs><rect width="${width}" height="${height}" fill="${dark}"/><rect width="${width}" height="${height}" fill="url(#${id})"/>`;
}

function coverSvg(name: string, caption: string, palette: Palette, width: number, height: number): string {
  const rng = streamFor('media-cover', name);
  const size = Math.round(height * 0.1);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${background('g', width, height, palette)}${shapes(rng, width, height, palette, 9)}<rect x="${Math.round(width * 0.05)}" y="${Math.round(height * 0.72)}" width="${Math.round(width * 0.012)}" height="${Math.round(size * 1.2)}" fill="${palette[2]}"/><text x="${Math.round(width * 0.075)}" y="${Math.round(height * 0.72 + size)}" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="#ffffff">${escapeXml(caption)}</text><text x="${Math.round(width * 0.05)}" y="${Math.round(height * 0.1)}" font-family="${FONT}" font-size="${Math.round(size * 0.38)}" fill="#ffffff" opacity="0.85">${escapeXml(IMAGE_SOURCE)}</text></svg>`;
}

function bannerSvg(
  id: string,
  title: string,
  subtitle: string,
  palette: Palette,
  width: number,
  height: number,
  mobile: boolean,
): string {
  const rng = streamFor('media-banner', `${id}-${mobile ? 'mobile' : 'desktop'}`);
  const titleSize = mobile ? 34 : 52;
  const subtitleSize = mobile ? 22 : 26;
  const x = mobile ? 32 : 64;
  const titleLines = mobile ? wrap(title, 24) : [title];
  const subtitleLines = mobile ? wrap(subtitle, 38) : [subtitle];
  const titleTop = mobile ? 60 : 90;
  const subtitleTop = titleTop + (titleLines.length - 1) * (titleSize + 8) + (mobile ? 44 : 50);
  const line = (text: string, y: number, size: number, weight: string) =>
    `<text x="${x}" y="${y}" font-family="${FONT}" font-weight="${weight}" font-size="${size}" fill="#ffffff">${escapeXml(text)}</text>`;
  const titleText = titleLines
    .map((text, index) => line(text, titleTop + index * (titleSize + 8), titleSize, 'bold'))
    .join('');
  const subtitleText = subtitleLines
    .map((text, index) => line(text, subtitleTop + index * (subtitleSize + 8), subtitleSize, 'normal'))
    .join('');
  const buttonY = mobile ? 228 : 172;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${background('g', width, height, palette)}${shapes(rng, width, height, palette, 7)}${titleText}${subtitleText}<rect x="${x}" y="${buttonY}" rx="8" width="180" height="48" fill="${palette[1]}"/><text x="${x + 90}" y="${buttonY + 31}" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="20" fill="${palette[0]}">Découvrir</text></svg>`;
}

function bookSvg(
  title: string,
  subtitle: string,
  palette: Palette,
  width: number,
  height: number,
  seed: string,
): string {
  const rng = streamFor('media-book', seed);
  const [dark, accent] = palette;
  const titleLines = wrap(subtitle, 16);
  const subtitleText = titleLines
    .map(
      (line, index) =>
        `<text x="28" y="${Math.round(height * 0.42) + index * 40}" font-family="${FONT}" font-weight="bold" font-size="32" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="${dark}"/>${shapes(rng, width, height, palette, 4)}<rect x="0" y="0" width="14" height="${height}" fill="${accent}"/><rect x="28" y="${Math.round(height * 0.2)}" width="${width - 56}" height="6" fill="${accent}"/><text x="28" y="${Math.round(height * 0.32)}" font-family="${FONT}" font-size="26" fill="${accent}">${escapeXml(title)}</text>${subtitleText}<text x="28" y="${height - 32}" font-family="${FONT}" font-size="16" fill="#ffffff" opacity="0.85">${escapeXml(IMAGE_SOURCE)}</text></svg>`;
}

async function writeWebp(relative: string, svg: string): Promise<number> {
  const target = path.join(PUBLIC_DIR, relative);
  await mkdir(path.dirname(target), { recursive: true });
  const buffer = await sharp(Buffer.from(svg)).webp(WEBP).toBuffer();
  await writeFile(target, buffer);
  return buffer.length;
}

/** A one-page PDF 1.4 with a title and a few lines of Helvetica (WinAnsi covers French accents). */
function pdf(title: string, lines: readonly string[]): Buffer {
  const text = (value: string) =>
    value.replace(/’/g, "'").replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
  const content = [
    'BT /F1 20 Tf 72 760 Td',
    `(${text(title)}) Tj`,
    '/F1 11 Tf 0 -36 Td',
    ...lines.map((line) => `(${text(line)}) Tj 0 -18 Td`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function main(): Promise<void> {
  let total = 0;
  let files = 0;
  const add = (bytes: number) => {
    total += bytes;
    files += 1;
  };
  for (const cover of ALL_COVERS) {
    add(
      await writeWebp(
        `media/covers/${cover.name}.webp`,
        coverSvg(cover.name, cover.caption, cover.palette, COVER_SIZE.width, COVER_SIZE.height),
      ),
    );
    add(
      await writeWebp(
        `media/covers/${cover.name}-16x9.webp`,
        coverSvg(cover.name, cover.caption, cover.palette, COVER_WIDE_SIZE.width, COVER_WIDE_SIZE.height),
      ),
    );
  }
  for (const banner of BANNERS) {
    add(
      await writeWebp(
        `media/banners/${banner.id}-desktop.webp`,
        bannerSvg(
          banner.id,
          banner.title,
          banner.subtitle,
          banner.palette,
          BANNER_DESKTOP_SIZE.width,
          BANNER_DESKTOP_SIZE.height,
          false,
        ),
      ),
    );
    add(
      await writeWebp(
        `media/banners/${banner.id}-mobile.webp`,
        bannerSvg(
          banner.id,
          banner.title,
          banner.subtitle,
          banner.palette,
          BANNER_MOBILE_SIZE.width,
          BANNER_MOBILE_SIZE.height,
          true,
        ),
      ),
    );
  }
  for (const product of PRODUCTS) {
    const cover = productCover(product);
    const family = PRODUCT_IMAGES.find((candidate) => candidate.name === cover.family);
    if (!family) throw new Error(`${product.code}: unknown product family ${cover.family}`);
    add(
      await writeWebp(
        `media/products/${cover.name}.webp`,
        bookSvg(
          family.title,
          cover.subtitle,
          family.palette,
          PRODUCT_SIZE.width,
          PRODUCT_SIZE.height,
          cover.family,
        ),
      ),
    );
  }
  for (const paper of WHITE_PAPERS) {
    add(
      await writeWebp(
        `media/white-papers/${paper.name}.webp`,
        bookSvg(
          'Livre blanc',
          paper.title,
          paper.palette,
          WHITE_PAPER_SIZE.width,
          WHITE_PAPER_SIZE.height,
          paper.name,
        ),
      ),
    );
  }
  add(
    await writeWebp(
      PLACEHOLDER_PATH.slice(1),
      coverSvg(
        'placeholder',
        IMAGE_SOURCE,
        ['#5f6b76', '#9aa5b1', '#e4e7eb'],
        COVER_SIZE.width,
        COVER_SIZE.height,
      ),
    ),
  );
  for (const attachment of ATTACHMENTS) {
    const target = path.join(PUBLIC_DIR, 'media/attachments', attachment.file);
    await mkdir(path.dirname(target), { recursive: true });
    const buffer = pdf(attachment.title, attachment.lines);
    await writeFile(target, buffer);
    add(buffer.length);
  }
  console.log(`${files} fichiers écrits sous public/media (${Math.round(total / 1024)} Ko)`);
}

await main();
