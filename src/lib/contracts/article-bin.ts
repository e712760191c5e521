import './zod-setup';
import { z } from 'zod';
import { articleStatusSchema, staffRefSchema } from './admin';
import { dateTimeSchema } from './article';

// The newsroom's bin (« Corbeille », /api/admin/article-bin, docs/ADMIN-API.md): drafts deleted from the articles
// list or the editor, kept this many days, then purged; until then their author or an editor restores them.

export const ARTICLE_BIN_DAYS = 30;

/** The bin lists at most this many drafts, newest deletion first (30 days of deletions fit many times over). */
export const ARTICLE_BIN_LIST_LIMIT = 200;

const binEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Its status when deleted: a draft or an article in review, never published. */
  status: articleStatusSchema,
  version: z.number().int(),
  createdBy: staffRefSchema.nullable(),
  deletedBy: staffRefSchema.nullable(),
  deletedAt: dateTimeSchema,
  /** When it is purged for good. */
  purgeAt: dateTimeSchema,
});

/** GET /api/admin/article-bin: an editor sees every deleted draft, a journalist their own. */
export const articleBinAnswer = z.object({ items: z.array(binEntrySchema), total: z.number().int() });
export type ArticleBinAnswer = z.infer<typeof articleBinAnswer>;
