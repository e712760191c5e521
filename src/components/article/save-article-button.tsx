'use client';

import { useAccount } from '@/components/account/account-provider';
import { useOnDemand } from '@/components/ui/use-on-demand';

// The toggle and its API client (with the answer's zod schema) are fetched only for a logged-in reader: anonymous
// readers, most of the article page's visitors, do not pay for them (decision 007).
const loadToggle = () => import('./save-article-toggle');

/**
 * "Enregistrer": a logged-in reader keeps the article in Mon compte's list. Nothing shows for anonymous visitors
 * (the page is the same cached HTML for everybody; the reader is known in the browser only).
 */
export function SaveArticleButton({ articleId }: { articleId: string }) {
  const { user } = useAccount();
  const toggle = useOnDemand(loadToggle, user !== null);
  return user && toggle ? <toggle.SaveArticleToggle articleId={articleId} /> : null;
}
