import './zod-setup';
import { z } from 'zod';
import { TRADE_OPTIONS } from '../navigation';
import { dateTimeSchema } from './article';

// The home page's blocks in the Admin API (/api/admin/home, docs/ADMIN-API.md): banners, the
// offer categories of 'Les offres du moment', the solutions of 'Nos solutions' and the white papers. Each block
// is saved whole, in display order, so that reordering is one write; readers see it within seconds.

export const HOME_BLOCKS = ['banners', 'offer-categories', 'solutions', 'white-papers'] as const;
export const homeBlockSchema = z.enum(HOME_BLOCKS, { error: 'bloc inconnu' });
export type HomeBlock = z.infer<typeof homeBlockSchema>;

export const HOME_BLOCK_LIMITS = {
  items: 30,
  textLength: 300,
  longTextLength: 1_000,
  urlLength: 500,
  imageSide: 10_000,
  offerCategories: 10,
} as const;

const text = (max: number) =>
  z.string().trim().min(1, 'ne doit pas être vide').max(max, `au plus ${max} caractères`);

/** A self-hosted image: a path of this site (the media library's), with its size for the layout. */
const sitePath = z
  .string()
  .trim()
  .max(HOME_BLOCK_LIMITS.urlLength, `au plus ${HOME_BLOCK_LIMITS.urlLength} caractères`)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'doit être un chemin du site commençant par /');

/** A link: a shop path (relative to SHOP_BASE_URL) or an absolute http(s) URL. */
const linkSchema = z
  .string()
  .trim()
  .max(HOME_BLOCK_LIMITS.urlLength, `au plus ${HOME_BLOCK_LIMITS.urlLength} caractères`)
  .regex(
    /^(?:\/(?!\/)[^\s\\]*|https?:\/\/[^\s/?#]+[^\s]*)$/,
    'doit être un chemin commençant par / ou une URL http(s)',
  );

const side = z
  .number({ error: 'doit être un nombre' })
  .int('doit être un entier')
  .min(1, 'au moins 1 pixel')
  .max(HOME_BLOCK_LIMITS.imageSide, `au plus ${HOME_BLOCK_LIMITS.imageSide} pixels`);

export const bannerImageSchema = z.strictObject({ url: sitePath, width: side, height: side });
export type BannerImage = z.infer<typeof bannerImageSchema>;

export const bannerSchema = z
  .strictObject({
    /** Absent for a new banner (the server names it). */
    id: z
      .string()
      .trim()
      .regex(/^[\w-]{1,60}$/, 'identifiant invalide')
      .optional(),
    alt: text(HOME_BLOCK_LIMITS.textLength),
    onClick: linkSchema.min(1, 'ne doit pas être vide'),
    desktop: bannerImageSchema,
    mobile: bannerImageSchema,
    active: z.boolean().default(true),
    startsAt: dateTimeSchema.nullable().default(null),
    endsAt: dateTimeSchema.nullable().default(null),
  })
  .superRefine((banner, context) => {
    if (banner.startsAt && banner.endsAt && Date.parse(banner.endsAt) <= Date.parse(banner.startsAt))
      context.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: 'doit être après le début de l’affichage',
      });
  });
export type HomeBanner = z.infer<typeof bannerSchema>;

const tradeSlugs = TRADE_OPTIONS.flatMap((option) => (option.slug ? [option.slug] : []));

export const solutionSchema = z.strictObject({
  title: text(HOME_BLOCK_LIMITS.textLength),
  text: text(HOME_BLOCK_LIMITS.longTextLength),
  link: linkSchema.min(1, 'ne doit pas être vide'),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'doit être une couleur #RRVVBB'),
  /** The trades it is shown for; none: every trade. */
  trades: z
    .array(z.enum(tradeSlugs, { error: 'métier inconnu' }))
    .max(tradeSlugs.length)
    .refine((trades) => new Set(trades).size === trades.length, 'un métier figure deux fois')
    .default([]),
});
export type HomeSolution = z.infer<typeof solutionSchema>;

export const whitePaperSchema = z.strictObject({
  title: text(HOME_BLOCK_LIMITS.textLength),
  imgUrl: sitePath,
  pageUrl: linkSchema.min(1, 'ne doit pas être vide'),
});
export type HomeWhitePaper = z.infer<typeof whitePaperSchema>;

export const offerCategorySchema = z.strictObject({
  /** The shop's category id (`categories` of a product). */
  category: z
    .string()
    .trim()
    .regex(/^[\w-]{1,40}$/, 'doit être un identifiant de catégorie de la boutique'),
  label: text(HOME_BLOCK_LIMITS.textLength),
});
export type HomeOfferCategory = z.infer<typeof offerCategorySchema>;

const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item, { error: 'doit être une liste' }).max(max, `au plus ${max} éléments`);

/** PUT /api/admin/home/{block}: the whole block in display order. */
export const homeBlockBodies = {
  banners: z.strictObject({
    items: list(bannerSchema, HOME_BLOCK_LIMITS.items).refine((items) => {
      const ids = items.flatMap((item) => (item.id ? [item.id] : []));
      return new Set(ids).size === ids.length;
    }, 'une bannière figure deux fois'),
  }),
  'offer-categories': z.strictObject({
    items: list(offerCategorySchema, HOME_BLOCK_LIMITS.offerCategories).refine(
      (items) => new Set(items.map((item) => item.category)).size === items.length,
      'une catégorie figure deux fois',
    ),
  }),
  solutions: z.strictObject({ items: list(solutionSchema, HOME_BLOCK_LIMITS.items) }),
  'white-papers': z.strictObject({ items: list(whitePaperSchema, HOME_BLOCK_LIMITS.items) }),
} as const satisfies Record<HomeBlock, z.ZodType>;

/** GET /api/admin/home (and every PUT's answer): every block as saved. */
export const homeBlocksAnswer = z.object({
  banners: z.array(
    z.object({
      id: z.string(),
      alt: z.string(),
      onClick: z.string(),
      desktop: z.object({ url: z.string(), width: z.number(), height: z.number() }),
      mobile: z.object({ url: z.string(), width: z.number(), height: z.number() }),
      active: z.boolean(),
      startsAt: z.string().nullable(),
      endsAt: z.string().nullable(),
    }),
  ),
  offerCategories: z.array(z.object({ category: z.string(), label: z.string() })),
  solutions: z.array(
    z.object({
      title: z.string(),
      text: z.string(),
      link: z.string(),
      color: z.string(),
      trades: z.array(z.string()),
    }),
  ),
  whitePapers: z.array(z.object({ title: z.string(), imgUrl: z.string(), pageUrl: z.string() })),
});
export type HomeBlocksAnswer = z.infer<typeof homeBlocksAnswer>;
