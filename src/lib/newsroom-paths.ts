/** The newsroom's pages: staff only, never cached, never indexed, never in a sitemap. */
export const NEWSROOM_PATH = '/redaction';
/** The Admin API the newsroom's pages and external editorial systems call (docs/ADMIN-API.md). */
export const ADMIN_API_PATH = '/api/admin';

/** True for a newsroom page or an Admin API call: answers that must never be stored or indexed. */
export function isNewsroomPath(pathname: string): boolean {
  return [NEWSROOM_PATH, ADMIN_API_PATH].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
