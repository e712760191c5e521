/** Browser side of the editorial pages' Admin API calls (pages, previews, revisions). */

import { revisionListAnswer } from '@/lib/contracts/admin';
import {
  adminStaticPageSchema,
  type StaticPageFields,
  type StaticPagePutBody,
  type StaticPageSlug,
  staticPageListAnswer,
  staticPageRevisionAnswer,
  staticPageViewSchema,
} from '@/lib/contracts/static-pages';
import { adminCall } from '../admin';

const pagePath = (slug: StaticPageSlug) => `/pages/${encodeURIComponent(slug)}`;
export const listStaticPages = (signal?: AbortSignal) =>
  adminCall(staticPageListAnswer, '/pages', { signal });
export const getStaticPage = (slug: StaticPageSlug, signal?: AbortSignal) =>
  adminCall(adminStaticPageSchema, pagePath(slug), { signal });
export const putStaticPage = (slug: StaticPageSlug, body: StaticPagePutBody) =>
  adminCall(adminStaticPageSchema, pagePath(slug), { method: 'PUT', json: body });
export const previewStaticPage = (slug: StaticPageSlug, fields: StaticPageFields) =>
  adminCall(staticPageViewSchema, `${pagePath(slug)}/preview`, { json: fields });
export const listStaticPageRevisions = (slug: StaticPageSlug, signal?: AbortSignal) =>
  adminCall(revisionListAnswer, `${pagePath(slug)}/revisions`, { signal });
export const getStaticPageRevision = (slug: StaticPageSlug, number: number) =>
  adminCall(staticPageRevisionAnswer, `${pagePath(slug)}/revisions/${number}`);
export const restoreStaticPageRevision = (slug: StaticPageSlug, number: number, version: number) =>
  adminCall(adminStaticPageSchema, `${pagePath(slug)}/revisions/${number}/restore`, { json: { version } });
