'use client';

import type { AdminArticleSummary, AdminPermission } from '@/lib/contracts/admin';
import { ARTICLE_BIN_DAYS } from '@/lib/contracts/article-bin';
import { ConfirmButton } from '../buttons';

/**
 * Whether the signed-in person may send this article to the bin, as the server decides: never an article readers
 * have seen nor a scheduled one; editors any draft or article in review; a journalist their own drafts.
 */
export function mayDeleteDraft(
  article: Pick<AdminArticleSummary, 'status' | 'publishedVersion' | 'createdBy'>,
  staffId: number,
  can: (permission: AdminPermission) => boolean,
): boolean {
  if (article.publishedVersion !== null) return false;
  if (article.status !== 'draft' && article.status !== 'in_review') return false;
  return can('article.deleteAny') || (article.status === 'draft' && article.createdBy?.id === staffId);
}

/** The confirmation, naming the draft and saying where it goes. */
export function deleteDraftQuestion(title: string): string {
  return `Supprimer le brouillon « ${title || 'sans titre'} » ? Il restera ${ARTICLE_BIN_DAYS} jours dans la corbeille, d’où il pourra être restauré.`;
}

/** « Supprimer », confirmed first; screen readers also hear which draft (`named`). */
export function DeleteDraftButton({
  title,
  named = false,
  onConfirm,
}: {
  title: string;
  named?: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmButton question={deleteDraftQuestion(title)} onConfirm={onConfirm}>
      Supprimer
      {named ? <span className="visually-hidden"> le brouillon « {title} »</span> : ' le brouillon'}
    </ConfirmButton>
  );
}
