'use client';

import Link from 'next/link';
import { useCallback, useState } from 'react';
import { errorMessage } from '@/client/admin';
import { listBin, restoreFromBin } from '@/client/newsroom/article-bin';
import { ARTICLE_STATUS_LABELS } from '@/lib/contracts/admin';
import { ARTICLE_BIN_DAYS, type ArticleBinAnswer } from '@/lib/contracts/article-bin';
import { RowButton } from '../buttons';
import { formatDateTime } from '../format';
import { DataTable } from '../list-parts';
import { ErrorAlert, LiveNotice, Loading } from '../messages';
import styles from '../newsroom.module.css';
import { articleEditPath } from '../paths';
import { useLoad } from '../use-load';

/** /redaction/corbeille: the deleted drafts the signed-in person may restore, until they are purged. */
export function ArticleBinPage() {
  const [answer, setAnswer] = useState<ArticleBinAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [restored, setRestored] = useState<{ id: string; title: string } | null>(null);
  const load = useCallback((signal?: AbortSignal) => listBin(signal).then(setAnswer), []);
  useLoad(load, setError);

  const restore = async (id: string, title: string) => {
    setError(null);
    setRestored(null);
    try {
      await restoreFromBin(id);
      setRestored({ id, title });
      await load();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <>
      <h1 className={styles.pageTitle}>Corbeille</h1>
      <p className={styles.hint}>
        Les brouillons supprimés y restent {ARTICLE_BIN_DAYS} jours, puis sont effacés définitivement. Un
        rédacteur y retrouve les siens ; un éditeur, tous.
      </p>
      <ErrorAlert message={error} />
      <LiveNotice message={restored ? `« ${restored.title} » est restauré dans les articles.` : null} />
      {restored ? (
        <p>
          <Link href={articleEditPath(restored.id)}>Ouvrir « {restored.title} »</Link>
        </p>
      ) : null}
      {answer ? (
        answer.items.length > 0 ? (
          <DataTable
            columns={['Titre', 'Statut', 'Créé par', 'Supprimé', 'Effacé le']}
            actions
            caption="Brouillons supprimés, du plus récent au plus ancien"
          >
            {answer.items.map((item) => (
              <tr key={item.id}>
                <td>{item.title || 'sans titre'}</td>
                <td>{ARTICLE_STATUS_LABELS[item.status]}</td>
                <td>{item.createdBy?.name ?? ''}</td>
                <td>
                  {formatDateTime(item.deletedAt)}
                  {item.deletedBy ? <div className={styles.hint}>par {item.deletedBy.name}</div> : null}
                </td>
                <td>{formatDateTime(item.purgeAt)}</td>
                <td>
                  <RowButton onClick={() => void restore(item.id, item.title)} context={`« ${item.title} »`}>
                    Restaurer
                  </RowButton>
                </td>
              </tr>
            ))}
          </DataTable>
        ) : (
          <p>La corbeille est vide.</p>
        )
      ) : error ? null : (
        <Loading />
      )}
    </>
  );
}
