// Draws the demo video and audio under public/media (self-hosted: nothing loads from another host) from the
// catalogue of src/server/seed/media.ts: a short slideshow video (WebM VP9/Opus and MP4 H.264/AAC) with its
// poster and French captions, and a short audio episode (Ogg Opus and MP3). Needs ffmpeg (Debian's `ffmpeg`).
// Run once; the files are committed.
//   node --conditions=react-server --import tsx scripts/generate-av-media.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_AUDIO, DEMO_VIDEO, type MediaCue } from '@/server/seed/media';

const PUBLIC_DIR = path.join(process.cwd(), 'public');
const FONT = 'DejaVu Sans, Liberation Sans, sans-serif';
const { width, height } = DEMO_VIDEO.size;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function slideSvg(cue: MediaCue, index: number): string {
  const colors = ['#0b3c6f', '#1f5135', '#5c1a2b'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${colors[index % colors.length]}"/><rect x="40" y="60" width="80" height="6" fill="#f4a259"/><text x="40" y="120" font-family="${FONT}" font-size="20" fill="#f4a259">La Quotidienne – en vidéo</text><text x="40" y="190" font-family="${FONT}" font-weight="bold" font-size="34" fill="#ffffff">${escapeXml(cue.slide)}</text><text x="40" y="${height - 40}" font-family="${FONT}" font-size="16" fill="#ffffff" opacity="0.85">Éditions Portalis</text></svg>`;
}

const timestamp = (seconds: number) => `00:00:${String(seconds).padStart(2, '0')}.000`;

function vtt(cues: readonly MediaCue[], seconds: number): string {
  return `WEBVTT\n\n${cues
    .map(
      (cue, index) =>
        `${index + 1}\n${timestamp(index * seconds)} --> ${timestamp((index + 1) * seconds)}\n${cue.text}\n`,
    )
    .join('\n')}`;
}

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'av-media-'));
  try {
    const list: string[] = [];
    for (const [index, cue] of DEMO_VIDEO.cues.entries()) {
      const file = path.join(work, `slide-${index}.png`);
      await sharp(Buffer.from(slideSvg(cue, index)))
        .png()
        .toFile(file);
      list.push(`file '${file}'`, `duration ${DEMO_VIDEO.secondsPerCue}`);
    }
    // The concat demuxer holds the last picture only if it is listed once more.
    list.push(list.at(-2) ?? '');
    writeFileSync(path.join(work, 'slides.txt'), `${list.join('\n')}\n`);
    const seconds = DEMO_VIDEO.cues.length * DEMO_VIDEO.secondsPerCue;
    const slides = ['-f', 'concat', '-safe', '0', '-i', path.join(work, 'slides.txt')];
    const tone = ['-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds}`, '-af', 'volume=0.05'];
    const common = ['-r', '12', '-t', String(seconds), '-pix_fmt', 'yuv420p', '-shortest'];
    const out = (file: string) => path.join(PUBLIC_DIR, file.slice(1));
    ffmpeg([
      ...slides,
      ...tone,
      ...common,
      '-c:v',
      'libvpx-vp9',
      '-crf',
      '45',
      '-b:v',
      '0',
      '-c:a',
      'libopus',
      '-b:a',
      '24k',
      out(DEMO_VIDEO.webm),
    ]);
    ffmpeg([
      ...slides,
      ...tone,
      ...common,
      '-c:v',
      'libx264',
      '-crf',
      '32',
      '-preset',
      'veryslow',
      '-c:a',
      'aac',
      '-b:a',
      '32k',
      '-movflags',
      '+faststart',
      out(DEMO_VIDEO.mp4),
    ]);
    const first = DEMO_VIDEO.cues[0];
    if (first)
      await sharp(Buffer.from(slideSvg(first, 0)))
        .webp({ quality: 70 })
        .toFile(out(DEMO_VIDEO.poster));
    writeFileSync(out(DEMO_VIDEO.captions), vtt(DEMO_VIDEO.cues, DEMO_VIDEO.secondsPerCue));

    const audioTone = [
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=330:duration=${DEMO_AUDIO.seconds}`,
      '-af',
      'volume=0.05',
    ];
    ffmpeg([...audioTone, '-c:a', 'libopus', '-b:a', '24k', out(DEMO_AUDIO.ogg)]);
    ffmpeg([...audioTone, '-c:a', 'libmp3lame', '-b:a', '32k', out(DEMO_AUDIO.mp3)]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
