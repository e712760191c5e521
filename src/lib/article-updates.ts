/** The page comparing an article's published versions word by word (what the reader may read). */
const COMPARISON_PATH = '/modifications';

/** The comparison of an update with the version before it; the latest update without one. */
export function comparisonPath(articleId: string, updateId?: number): string {
  const path = `${COMPARISON_PATH}/${encodeURIComponent(articleId)}`;
  return updateId === undefined ? path : `${path}?maj=${updateId}`;
}
