import path from 'node:path';
import type { NextConfig } from 'next';
import { TOKEN_LINK_PAGE_SOURCES } from './src/lib/constants';
import {
  IMAGE_DEVICE_SIZES,
  IMAGE_QUALITY,
  IMAGE_SIZES,
  OPTIMISED_IMAGE_FOLDERS,
} from './src/lib/image-sources';
import { MEDIA_LIMITS } from './src/lib/media-limits';
import { TRADE_OPTIONS } from './src/lib/navigation';
import { FILTER_TRADES, FILTERED_LISTING_SOURCES, FORMAT_SPELLINGS, NO_FILTER } from './src/lib/news-filters';

/** Headers on every answer, static files included (OWASP ASVS 5, V3.4). The CSP is set per answer by src/proxy.ts. */
const SECURITY_HEADERS = [
  { key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  {
    key: 'Permissions-Policy',
    value:
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()',
  },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/** The optimiser's copies on disk (.next/cache/images), least recently used dropped first past it. */
const IMAGE_DISK_CACHE_BYTES = 512 * 1024 * 1024;

/** The trades of the home page's `?metier=` filter (the empty "all trades" slug aside). */
const TRADE_SLUGS = TRADE_OPTIONS.map((trade) => trade.slug).filter(Boolean);

/**
 * `?metier=` and `?format=` of the news home, topic and thematic pages, known values only, rewritten onto a first
 * path segment `~{metier}~{format}` (src/lib/news-filters.ts): the filtered page is rendered on the server and
 * cached per filter, as the home page per trade. Unknown values match no rule: the page without filter answers.
 */
function newsFilterRewrites() {
  const metier = {
    type: 'query' as const,
    key: 'metier',
    value: `(?<metier>${FILTER_TRADES.join('|')})`,
  };
  const format = {
    type: 'query' as const,
    key: 'format',
    value: `(?<format>${Object.keys(FORMAT_SPELLINGS).join('|')})`,
  };
  const combinations = [
    { has: [metier, format], segment: '~:metier~:format' },
    { has: [metier], segment: `~:metier~${NO_FILTER}` },
    { has: [format], segment: `~${NO_FILTER}~:format` },
  ];
  return FILTERED_LISTING_SOURCES.flatMap((source) =>
    combinations.map(({ has, segment }) => ({
      source,
      has,
      destination: source.replace('/actualite', `/actualite/${segment}`).replace(/\([^)]*\)/g, ''),
    })),
  );
}

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package folder: bundled, it cannot find them.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', '@node-rs/argon2', 'sharp'],
  // A separate build folder per checkout user (NEXT_DIST_DIR) lets two builds run side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Unknown paths get app/global-not-found.tsx (the 404 with the site's frame), which Next does not send with every
  // page as it does the root not-found.tsx (docs/decisions/036).
  // strictRouteTypes: the route types are imported by next-env.d.ts (checked by `npm run typecheck`) instead of
  // being added to tsconfig.json's `include`, which a build into another NEXT_DIST_DIR rewrote each time.
  // proxyClientMaxBodySize: src/proxy.ts makes Next keep a copy of every request body up to this size, and hands the
  // route only that much (10 MB by default: a 12 MB upload reached the media route cut short). Past it Next drops
  // the chunk that crossed it and ends the body there: 1 MB over the largest upload, far more than a chunk, so that
  // a longer body, even without Content-Length, still shows the route it is too long (413).
  // turbopackFileSystemCacheForBuild: Turbopack's build cache serves only a later build of the same folder, which a
  // fresh clone, a deployment or CI never makes; writing it cost 15 s of a minute's build (68 s on a busy machine).
  // Development keeps its own cache.
  experimental: {
    globalNotFound: true,
    strictRouteTypes: true,
    proxyClientMaxBodySize: MEDIA_LIMITS.maxBodyBytes + 1024 * 1024,
    turbopackFileSystemCacheForBuild: false,
  },
  // The widths and quality our <img> srcsets ask for (src/lib/image-sources.ts): the optimiser serves those only.
  // Local images from the site's image folders only, without a query, and a bounded disk cache (Next's default is
  // half the free disk); the request hook refuses other spellings of a path and queues the encodes
  // (src/server/http/image-optimiser.ts).
  images: {
    deviceSizes: IMAGE_DEVICE_SIZES,
    imageSizes: IMAGE_SIZES,
    qualities: [IMAGE_QUALITY],
    localPatterns: [
      ...OPTIMISED_IMAGE_FOLDERS.map((folder) => ({ pathname: `/media/${folder}/*`, search: '' })),
      { pathname: '/media/placeholder.webp', search: '' },
      { pathname: '/media/*/original.*', search: '' },
    ],
    maximumDiskCacheSize: IMAGE_DISK_CACHE_BYTES,
  },
  // Next's ISR cache without its two holes: made-up URLs' not-found pages and redirects are not stored, and what
  // is stored is bounded (isr-cache-handler.mjs, docs/OPERATIONS.md "Disk").
  cacheHandler: path.join(process.cwd(), 'isr-cache-handler.mjs'),
  // Types are checked once by `npm run typecheck` (CI runs it); checking again in every build only slows
  // `npm start` down and would refuse to serve the site over an error in a test or a benchmark file.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  // The home page is cached per trade (src/app/(site)/accueil/[metier]): `/` and `/?metier=<trade>` are served from
  // those pages; an unknown trade shows every trade, as the filter ignores it.
  async rewrites() {
    return {
      beforeFiles: [
        {
          source: '/',
          has: [{ type: 'query', key: 'metier', value: `(?<metier>${TRADE_SLUGS.join('|')})` }],
          destination: '/accueil/:metier',
        },
        { source: '/', destination: '/accueil/tous' },
        ...newsFilterRewrites(),
      ],
    };
  },
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      // The last rule setting a header wins: the pages opened with a token send no Referer at all.
      ...TOKEN_LINK_PAGE_SOURCES.map((source) => ({
        source,
        headers: [{ key: 'Referrer-Policy', value: 'no-referrer' }],
      })),
    ];
  },
};

export default nextConfig;
