/**
 * The class of the element standing for the withheld part of an article; the NewsArticle JSON-LD names it in
 * hasPart (isAccessibleForFree false). Shared by the server's structured data and the page.
 */
export const GATED_PART_CLASS_NAME = 'paywall-gated';
