/** Addresses of the newsroom's pages. */
export const NEWSROOM_PATHS = {
  articles: '/redaction',
  newArticle: '/redaction/articles/nouveau',
  signIn: '/redaction/connexion',
  setup: '/redaction/installation',
  account: '/redaction/compte',
  staff: '/redaction/equipe',
  apiKeys: '/redaction/cles-api',
  audit: '/redaction/journal',
  bin: '/redaction/corbeille',
} as const;

export const articleEditPath = (id: string) => `/redaction/articles/${encodeURIComponent(id)}`;
/** The article id of an editor's address (`/redaction/articles/{id}`), null for any other (the new article's). */
export function articleIdOfEditPath(path: string): string | null {
  const match = /^\/redaction\/articles\/([^/?#]+)\/?$/.exec(path);
  if (!match?.[1]) return null;
  const id = decodeURIComponent(match[1]);
  return path === NEWSROOM_PATHS.newArticle ? null : id;
}
export const revisionsPath = (id: string) => `/redaction/articles/${encodeURIComponent(id)}/revisions`;
export const previewPath = (id: string, revision?: number) =>
  `/redaction/apercu/${encodeURIComponent(id)}${revision ? `?revision=${revision}` : ''}`;

/** The sign-in page, coming back to `back` afterwards (only a newsroom path: no open redirect). */
export function signInPath(back?: string): string {
  return back && isSafeReturnPath(back) && back !== NEWSROOM_PATHS.signIn
    ? `${NEWSROOM_PATHS.signIn}?retour=${encodeURIComponent(back)}`
    : NEWSROOM_PATHS.signIn;
}

/** True for a path of the newsroom itself (`/redaction`, `/redaction/…`), never another host: where sign-in may return. */
export function isSafeReturnPath(path: string): boolean {
  return /^\/redaction(?:[/?#]|$)/.test(path) && !path.includes('//') && !path.includes('\\');
}
