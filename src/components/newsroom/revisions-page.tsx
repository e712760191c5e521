'use client';

import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { type FormEvent, useEffect, useState } from 'react';
import { diffRevisions, errorMessage, getArticle, listRevisions, restoreRevision } from '@/client/admin';
import type { AdminArticle, RevisionDiffAnswer, RevisionSummary } from '@/lib/contracts/admin';
import { formatLongDateTime } from '@/lib/dates';
import { hasUnpublishedChanges } from './article-labels';
import { RowButton } from './buttons';
import { DataTable } from './list-parts';
import { ErrorAlert, Loading, StatusNotice } from './messages';
import styles from './newsroom.module.css';
import { articleEditPath, previewPath } from './paths';
import { RevisionDiff } from './revision-diff';
import { useStaff } from './staff-shell';

const REVISION_ACTION_LABELS: Record<RevisionSummary['action'], string> = {
  create: 'Création',
  update: 'Modification',
  submit: 'Soumission à la relecture',
  publish: 'Publication',
  schedule: 'Programmation',
  unpublish: 'Dépublication',
  restore: 'Restauration',
  import: 'Import',
};

/**
 * What a restore did, and, for an article online, that readers still see the published version until the
 * update is published.
 */
export function restoredMessage(
  number: number,
  restored: Pick<AdminArticle, 'version' | 'status' | 'publishedVersion'>,
): string {
  const done = `Version ${number} restaurée : c’est maintenant la version ${restored.version}.`;
  if (!hasUnpublishedChanges(restored)) return done;
  return `${done} Les lecteurs voient toujours la version en ligne (${restored.publishedVersion}) jusqu’à « Publier la mise à jour ».`;
}

/** The history's first columns (articles, editorial pages): version, action, who, when, title. */
export const REVISION_COLUMNS = ['Version', 'Action', 'Par', 'Le', 'Titre'] as const;

/** "Restaurer" at the end of a revision's last cell (after its preview), for `onRestore(number)`. */
export function RestoreButton({
  number,
  onRestore,
  disabled = false,
}: {
  number: number;
  onRestore: (number: number) => void;
  disabled?: boolean;
}) {
  return (
    <RowButton spaced disabled={disabled} onClick={() => onRestore(number)} context={`la version ${number}`}>
      Restaurer
    </RowButton>
  );
}

/** One revision's cells under REVISION_COLUMNS. */
export function RevisionCells({ revision }: { revision: RevisionSummary }) {
  return (
    <>
      <td>{revision.number}</td>
      <td>{REVISION_ACTION_LABELS[revision.action]}</td>
      <td>{revision.createdBy?.name ?? 'Système'}</td>
      <td>{formatLongDateTime(revision.createdAt)}</td>
      <td>{revision.title}</td>
    </>
  );
}

/** Every saved revision of an article (who, when), a comparison of any two, and restoring one. */
export function RevisionsPage({ id }: { id: string }) {
  const { can } = useStaff();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [article, setArticle] = useState<AdminArticle | null>(null);
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [diff, setDiff] = useState<RevisionDiffAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const from = Number(params.get('de')) || null;
  const to = Number(params.get('a')) || null;

  useEffect(() => {
    void reload;
    Promise.all([getArticle(id), listRevisions(id)])
      .then(([found, list]) => {
        setArticle(found);
        setRevisions(list.items);
      })
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, [id, reload]);

  useEffect(() => {
    setDiff(null);
    if (!from || !to || from === to) return;
    diffRevisions(id, Math.min(from, to), Math.max(from, to))
      .then(setDiff)
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, [id, from, to]);

  const compare = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams({ de: String(form.get('de') ?? ''), a: String(form.get('a') ?? '') });
    router.push(`${pathname}?${next.toString()}`);
  };

  const restore = async (number: number) => {
    if (!article) return;
    if (!window.confirm(`Restaurer la version ${number} ? Elle deviendra une nouvelle version de l’article.`))
      return;
    setMessage(null);
    try {
      const restored = await restoreRevision(id, number, article.version);
      setMessage(restoredMessage(number, restored));
      setReload((value) => value + 1);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  if (error) {
    return <ErrorAlert message={error} />;
  }
  if (!article || !revisions) {
    return <Loading />;
  }
  const newest = revisions[0]?.number;
  const older = revisions[1]?.number;
  // The two ends of the comparison, by default the last two versions; `compare` reads them by name.
  const ends = [
    { name: 'de', chosen: from ?? older, label: 'Comparer depuis la version' },
    { name: 'a', chosen: to ?? newest, label: 'Comparer jusqu’à la version' },
  ];
  return (
    <>
      <h1 className={styles.pageTitle}>Révisions : {article.article.title}</h1>
      <p>
        <Link href={articleEditPath(id)}>Retour à l’article</Link>
      </p>
      <StatusNotice message={message} />
      <form
        key={`${from}-${to}-${revisions.length}`}
        onSubmit={compare}
        className={styles.panel}
        aria-labelledby="revisions-titre"
      >
        <h2 id="revisions-titre">Historique</h2>
        <DataTable columns={[...REVISION_COLUMNS, 'Comparer de', 'à']} actions>
          {revisions.map((revision) => (
            <tr key={revision.number}>
              <RevisionCells revision={revision} />
              {ends.map((end) => (
                <td key={end.name}>
                  <input
                    type="radio"
                    name={end.name}
                    value={revision.number}
                    defaultChecked={revision.number === end.chosen}
                    aria-label={`${end.label} ${revision.number}`}
                  />
                </td>
              ))}
              <td>
                <Link href={previewPath(id, revision.number)}>
                  Aperçu<span className="visually-hidden"> de la version {revision.number}</span>
                </Link>
                {can('article.restore') && revision.number !== article.version ? (
                  <RestoreButton number={revision.number} onRestore={restore} />
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
        {revisions.length > 1 ? (
          <div className={styles.actions}>
            <button type="submit" className={styles.primaryButton}>
              Comparer
            </button>
          </div>
        ) : null}
      </form>
      {diff ? (
        <RevisionDiff diff={diff} />
      ) : from && to && from !== to ? (
        <p className="loading" role="status">
          Comparaison en cours...
        </p>
      ) : null}
    </>
  );
}
