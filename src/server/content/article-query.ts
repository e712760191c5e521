import 'server-only';
import { z } from 'zod';
import { ARTICLE_ID_PATTERN } from '@/lib/urls';
import { findSessionCustomer, sessionTokenFrom } from '../accounts/sessions';
import type { Db } from '../db/client';
import { isGoneArticleId } from '../editorial/gone';
import { AppError } from '../http/errors';
import { ARTICLE_INPUT_LIMITS } from './article-input';
import { type ArticleForReader, getArticleForReader } from './article-single';

/** The query of GET /api/article/single (spec section 7). */
export const singleQuerySchema = z.object({
  newsId: z
    .string({ error: 'identifiant obligatoire' })
    .min(1, 'identifiant obligatoire')
    .max(ARTICLE_INPUT_LIMITS.idLength, `trop long (${ARTICLE_INPUT_LIMITS.idLength} caractères au plus)`)
    .regex(ARTICLE_ID_PATTERN, 'doit contenir uniquement des lettres, des chiffres et des tirets'),
  /** A session token, as the original passes the shop cookie in the query. */
  eshopCookie: z.string().max(1_000, 'trop long').optional(),
});

export type SingleQuery = z.infer<typeof singleQuerySchema>;

export const ARTICLE_NOT_FOUND_MESSAGE = "Cet article n'existe pas ou n'est plus disponible.";

/**
 * The visitor has access when the eshopCookie of the query or the request's own session (Bearer header or
 * cookie) belongs to a live session.
 */
export async function readerHasAccess(
  db: Db,
  request: Request,
  eshopCookie: string | undefined,
): Promise<boolean> {
  if (eshopCookie && (await findSessionCustomer(db, eshopCookie))) return true;
  return (await findSessionCustomer(db, sessionTokenFrom(request))) !== null;
}

/** The answer of GET /api/article/single: the article gated for the visitor, or a 404. */
export async function singleArticleAnswer(
  db: Db,
  request: Request,
  query: SingleQuery,
): Promise<ArticleForReader> {
  const hasAccess = await readerHasAccess(db, request, query.eshopCookie);
  const answer = await getArticleForReader(db, query.newsId, hasAccess);
  if (!answer) {
    // Newsroom: an article withdrawn by the newsroom is gone, not unknown.
    if (isGoneArticleId(query.newsId)) throw new AppError('gone', ARTICLE_NOT_FOUND_MESSAGE);
    throw new AppError('not_found', ARTICLE_NOT_FOUND_MESSAGE);
  }
  return answer;
}
