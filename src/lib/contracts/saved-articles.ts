import './zod-setup';
import * as zm from 'zod/mini';

// Zod Mini throughout: the article page's save button parses the answer in the browser, and the full Zod would
// add about 70 KB of gzip to every reader page.

/** An article id as URLs carry it (letters, digits, hyphens and underscores). */
const articleId = zm
  .string({ error: 'Identifiant d’article manquant.' })
  .check(zm.regex(/^[A-Za-z0-9_-]{1,100}$/, 'Identifiant d’article invalide.'));

/** GET /api/account/savedArticles?articleId=…: whether the logged-in reader saved that article. */
export const savedArticleQuery = zm.object({ articleId });
export type SavedArticleQuery = zm.infer<typeof savedArticleQuery>;

/** POST /api/account/savedArticles: save (`saved: true`) or remove an article. */
export const savedArticleBody = zm.object({
  articleId,
  saved: zm.pipe(
    zm.transform((value: unknown) => (value === 'true' ? true : value === 'false' ? false : value)),
    zm.boolean({ error: 'saved doit valoir true ou false.' }),
  ),
});
export type SavedArticleBody = zm.infer<typeof savedArticleBody>;

/** The answer of both calls. */
export const savedArticleAnswer = zm.object({ articleId: zm.string(), saved: zm.boolean() });
export type SavedArticleAnswer = zm.infer<typeof savedArticleAnswer>;
