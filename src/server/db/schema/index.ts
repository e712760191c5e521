// The whole data model (spec section 3), one file per domain, gathered here: `@/server/db/schema` is this index.
// These files have no `server-only` import because drizzle-kit loads them outside Next.js to generate migrations
// (drizzle.config.ts); they only declare tables and hold no secret. Columns are camelCase here and snake_case in
// the database (`casing: 'snake_case'`).

export * from './accounts';
export * from './article-bin';
export * from './article-updates';
export {
  type AdditionalProperties,
  type ArticleImage,
  type Attachment,
  documentsRecentFrom,
  documentsWiderFrom,
  newsRecentFrom,
  newsWiderFrom,
  SEARCH_CONFIG,
  SEARCH_RECENT_FROM,
  SEARCH_WIDER_FROM,
  type TagRef,
} from './columns';
export * from './editorial-content';
export * from './editorial-pages';
export * from './home-blocks';
export * from './jobs';
export * from './legal-references';
export * from './newsletter-campaigns';
export * from './newsroom';
export * from './personal-agenda';
export * from './rate-tables';
export * from './readers';
export * from './review';
export * from './search';
export * from './shop';
export * from './subscriber-documents';
export * from './taxonomy';
