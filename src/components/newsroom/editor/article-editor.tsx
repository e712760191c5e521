'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage, getArticle, getTaxonomy } from '@/client/admin';
import type { ArticleType } from '@/lib/constants';
import type { TaxonomyAnswer } from '@/lib/contracts/admin';
import { ReferencesPanel } from '../../legal-references/references-panel';
import { mayDeleteDraft } from '../article-bin/delete-draft';
import { ErrorAlert, Loading } from '../messages';
import styles from '../newsroom.module.css';
import { articleIdOfEditPath, NEWSROOM_PATHS, previewPath } from '../paths';
import { ReviewNotesPanel } from '../review/review-notes-panel';
import { useStaff } from '../staff-shell';
import { ArticleFields } from './article-fields';
import type { LoadedArticle } from './autosave-machine';
import { ConflictPanel, RecoveredEditsNotice } from './conflict-panel';
import { changesNothing, draftOf, emptyDraft, imagesWithoutAlt, stateOf } from './draft';
import { forgetLocal, readLocal } from './local-drafts';
import { PublicationPanel } from './publication-panel';
import { ShortcutsHelp } from './shortcuts-help';
import { useAutosave } from './use-autosave';
import { useEditorShortcuts } from './use-editor-shortcuts';

/**
 * The article editor: loads the article `id`, or starts a new one (of `newType`, an article by default: the
 * agenda's and rates' "new" links), with any edits this browser kept unsent.
 */
export function ArticleEditor({
  id: givenId,
  newType,
}: {
  id: string | null;
  newType?: ArticleType | undefined;
}) {
  const pathname = usePathname();
  // A new article takes its own address at its first save (history.replaceState); Back to that address shows
  // this page again there: the saved article is loaded, not a second new one.
  const [id] = useState(() => givenId ?? articleIdOfEditPath(pathname));
  const [loaded, setLoaded] = useState<LoadedArticle | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [taxonomy, setTaxonomy] = useState<TaxonomyAnswer | null>(null);

  useEffect(() => {
    getTaxonomy()
      .then(setTaxonomy)
      .catch(() => setTaxonomy({ topics: [], trades: [] }));
  }, []);

  useEffect(() => {
    let current = true;
    const local = readLocal(id ?? 'new');
    if (!id) {
      setLoaded({
        draft: local?.draft ?? { ...emptyDraft(), ...(newType ? { type: newType } : {}) },
        article: null,
        baseVersion: null,
        recovered: local,
        recoveredIsStale: false,
      });
      return;
    }
    getArticle(id)
      .then((article) => {
        if (!current) return;
        const saved = draftOf(article.article);
        let kept = local;
        // Edits the server already has are not unsent, whatever version they started from: their save arrived
        // but its answer did not (the tab closed as it left, the connection dropped on the way back).
        if (kept && changesNothing(kept.draft, saved)) {
          forgetLocal(id);
          kept = null;
        }
        const stale = kept !== null && kept.baseVersion !== article.version;
        setLoaded({
          // Unsent edits made from the current version are simply resumed (and sent at once).
          draft: kept && !stale ? kept.draft : saved,
          article: stateOf(article),
          baseVersion: article.version,
          recovered: kept,
          recoveredIsStale: stale,
        });
      })
      .catch((failure: unknown) => {
        if (current) setError(errorMessage(failure));
      });
    return () => {
      current = false;
    };
  }, [id, newType]);

  if (error) return <ErrorAlert message={error} />;
  if (!loaded) return <Loading />;
  return <EditorForm loaded={loaded} taxonomy={taxonomy} />;
}

function EditorForm({ loaded, taxonomy }: { loaded: LoadedArticle; taxonomy: TaxonomyAnswer | null }) {
  const { staff, can } = useStaff();
  const router = useRouter();
  const { state: sync, dispatch, runStep, saveNow, deleteDraft } = useAutosave(loaded);
  const { draft, article, status } = sync;
  const [shortcutsOpen, setShortcutsOpen] = useState(false);

  const own = article?.createdBy?.id === staff.id || article === null;
  const canEdit =
    can('article.editAny') ||
    (own && (article === null || (article.status === 'draft' && article.publishedVersion === null)));
  const fieldError = (field: string) =>
    status.kind === 'invalid' ? status.fields.find((item) => item.field === field)?.message : undefined;

  useEditorShortcuts({
    onSave: () => {
      if (canEdit) dispatch({ type: 'saveRequested' });
    },
    // The preview shows the server's copy: the edits go first.
    onPreview: async () => {
      const { id } = await saveNow();
      if (id) router.push(previewPath(id));
    },
    onHelp: () => setShortcutsOpen(true),
  });

  // What the legal references panel reads: the texts of the article, as the detector sees them after a save.
  const referenceParts = useMemo(
    () => [
      draft.title,
      draft.summary,
      draft.view,
      ...draft.sections.flatMap((section) => [section.title, section.summary, section.view]),
    ],
    [draft.title, draft.summary, draft.view, draft.sections],
  );

  return (
    <div>
      <h1 className={styles.pageTitle}>
        {article ? `Modifier : ${draft.title || 'sans titre'}` : 'Nouvel article'}
      </h1>
      {sync.conflict ? (
        <ConflictPanel
          conflict={sync.conflict}
          baseVersion={sync.baseVersion}
          onResolve={(keep) => dispatch({ type: 'conflictResolved', keep })}
        />
      ) : null}
      {sync.recovered ? (
        <RecoveredEditsNotice
          recovered={sync.recovered}
          onResume={() => dispatch({ type: 'recoveredResumed' })}
          onDrop={() => dispatch({ type: 'recoveredDropped' })}
        />
      ) : null}
      {!canEdit ? (
        <p className={styles.notice}>
          {article?.status === 'in_review'
            ? 'Cet article est en relecture : seuls les éditeurs peuvent le modifier.'
            : 'Seuls les éditeurs peuvent modifier cet article.'}
        </p>
      ) : null}
      <div className={styles.editorLayout}>
        <ArticleFields
          draft={draft}
          change={(update) => dispatch({ type: 'edited', update })}
          canEdit={canEdit}
          generation={sync.generation}
          taxonomy={taxonomy}
          fieldError={fieldError}
        />
        <aside className={styles.sidebar} aria-label="Publication">
          <PublicationPanel
            article={article}
            status={status}
            notice={sync.notice}
            canEdit={canEdit}
            onSave={() => dispatch({ type: 'saveRequested' })}
            own={own}
            missingAlt={imagesWithoutAlt(draft)}
            runStep={runStep}
            publicationDate={draft.publication_date}
            title={draft.title}
            onDelete={
              article && mayDeleteDraft(article, staff.id, can)
                ? async () => {
                    if (await deleteDraft()) router.push(NEWSROOM_PATHS.bin);
                  }
                : null
            }
          />
          <ShortcutsHelp open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
          <ReferencesPanel parts={referenceParts} />
          {article && (own || can('article.editAny')) ? <ReviewNotesPanel articleId={article.id} /> : null}
        </aside>
      </div>
    </div>
  );
}
