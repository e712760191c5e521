import './zod-setup';
import { z } from 'zod';
import * as zm from 'zod/mini';

/** An article id as URLs carry it (letters, digits, hyphens and underscores). */
const articleId = z
  .string({ error: 'Identifiant d’article manquant.' })
  .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Identifiant d’article invalide.');

/** GET /api/account/savedArticles?articleId=…: whether the logged-in reader saved that article. */
export const savedArticleQuery = z.object({ articleId });
export type SavedArticleQuery = z.infer<typeof savedArticleQuery>;

/** POST /api/account/savedArticles: save (`saved: true`) or remove an article. */
export const savedArticleBody = z.object({
  articleId,
  saved: z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: 'saved doit valoir true ou false.' }),
  ),
});
export type SavedArticleBody = z.infer<typeof savedArticleBody>;

/** The answer of both calls (Zod mini: the browser parses it). */
export const savedArticleAnswer = zm.object({ articleId: zm.string(), saved: zm.boolean() });
export type SavedArticleAnswer = zm.infer<typeof savedArticleAnswer>;
