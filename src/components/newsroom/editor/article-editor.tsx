'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  AdminApiError,
  createArticle,
  errorMessage,
  getArticle,
  getTaxonomy,
  NetworkError,
  patchArticle,
  publishArticle,
  submitArticle,
  unpublishArticle,
} from '@/client/admin';
import { ARTICLE_TYPE, type ArticleType } from '@/lib/constants';
import {
  type AdminArticle,
  ARTICLE_STATUS_LABELS,
  type ArticleConflictAnswer,
  type TaxonomyAnswer,
  UPDATE_NOTE_MAX,
} from '@/lib/contracts/admin';
import { parisIsoDay } from '@/lib/dates';
import { ReferencesPanel } from '../../legal-references/references-panel';
import {
  ARTICLE_FORMAT_OPTIONS,
  ARTICLE_TYPE_OPTIONS,
  hasUnpublishedChanges,
  PROPERTY_KEYS,
} from '../article-labels';
import { ConfirmButton } from '../buttons';
import { InputField, ParisDateTimeField, SelectField, TextAreaField, withCurrentOption } from '../fields';
import { formatDateTime, fromParisInput, toParisInput } from '../format';
import { ErrorAlert, Loading } from '../messages';
import styles from '../newsroom.module.css';
import { articleEditPath, articleIdOfEditPath, previewPath, revisionsPath } from '../paths';
import { ReviewNotesPanel } from '../review/review-notes-panel';
import { useStaff } from '../staff-shell';
import { type PickerOption, TagPicker } from '../tag-picker';
import { BodyEditor } from './body-editor';
import {
  type ArticleState,
  changesNothing,
  createBodyOf,
  type Draft,
  draftOf,
  emptyDraft,
  fieldLabel,
  imagesWithoutAlt,
  patchBodyOf,
  stateOf,
  type TagValue,
} from './draft';
import { forgetLocal, keepLocally, type LocalDraft, readLocal } from './local-drafts';
import { AttachmentsField, ImagesField } from './media-fields';
import { SectionsField } from './sections-field';

/** Seconds between the last keystroke and the automatic save. */
const AUTOSAVE_DELAY_MS = 3_000;
/** Retry delay while the server cannot be reached. */
const OFFLINE_RETRY_MS = 10_000;

/** The article's two dates, entered in Paris time. */
const DATE_FIELDS = [
  {
    key: 'publication_date',
    label: 'Date de publication (heure de Paris)',
    hint: 'Remplacée par l’heure de mise en ligne à la première publication.',
  },
  {
    key: 'update_date',
    label: 'Mis à jour le (heure de Paris)',
    hint: 'Affiché « mis à jour le » sur l’article, sauf s’il tombe le jour de la publication.',
  },
] as const;

type Loaded = {
  draft: Draft;
  state: ArticleState | null;
  /** The version saves are made from: the server's, or the one unsent local edits started from. */
  baseVersion: number | null;
  /** Edits of this browser not on the server, found at load. */
  recovered: LocalDraft | null;
  /** True when the recovered edits started from an older version than the server's (someone saved since). */
  recoveredIsStale: boolean;
};

/** The article editor: loads the article (or starts a new one) with any edits this browser kept unsent. */
/** The article `id`, or a new one (of `newType`, an article by default: the agenda's and rates' "new" links). */
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
  const [loaded, setLoaded] = useState<Loaded | null>(null);
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
        state: null,
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
          state: stateOf(article),
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

type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'offline' }
  | { kind: 'invalid'; message: string; fields: { field: string; message: string }[] }
  | { kind: 'error'; message: string };

function EditorForm({ loaded, taxonomy }: { loaded: Loaded; taxonomy: TaxonomyAnswer | null }) {
  const { staff, can } = useStaff();
  const [draft, setDraft] = useState<Draft>(loaded.draft);
  const [state, setState] = useState<ArticleState | null>(loaded.state);
  const [saveStatus, setSaveStatus] = useState<SaveStatus>({ kind: 'idle' });
  const [conflict, setConflict] = useState<ArticleConflictAnswer | null>(null);
  const [recovered, setRecovered] = useState<LocalDraft | null>(
    loaded.recoveredIsStale ? loaded.recovered : null,
  );
  const [actionMessage, setActionMessage] = useState<{ text: string; error: boolean } | null>(null);
  /** Changes when the document is replaced from outside (the other version of a conflict): body editors restart. */
  const [generation, setGeneration] = useState(0);

  const draftRef = useRef(draft);
  const idRef = useRef<string | null>(loaded.state?.id ?? null);
  const versionRef = useRef<number | null>(loaded.baseVersion);
  const dirtyRef = useRef(loaded.recovered !== null && !loaded.recoveredIsStale);
  const changesRef = useRef(0);
  const savingRef = useRef<Promise<void> | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const conflictRef = useRef(false);

  const localKey = () => idRef.current ?? 'new';

  const schedule = useCallback((delay: number) => {
    if (timerRef.current) clearTimeout(timerRef.current);
    timerRef.current = setTimeout(() => void saveRef.current(), delay);
  }, []);

  /** Sends the edits not on the server; `leaving`: the page or the editor goes away, the request outlives it. */
  const save = useCallback(
    async (leaving = false): Promise<void> => {
      if (savingRef.current) {
        await savingRef.current;
        if (dirtyRef.current) return saveRef.current(leaving);
        return;
      }
      if (!dirtyRef.current || conflictRef.current) return;
      const sent = draftRef.current;
      if (!idRef.current && sent.title.trim() === '') {
        setSaveStatus({
          kind: 'invalid',
          message: 'Donnez un titre à l’article pour l’enregistrer.',
          fields: [],
        });
        return;
      }
      const changesAtStart = changesRef.current;
      setSaveStatus({ kind: 'saving' });
      /** The server has `sent` as `answer`: edits typed since are kept and saved next. */
      const adopt = (answer: AdminArticle) => {
        versionRef.current = answer.version;
        setState(stateOf(answer));
        if (changesRef.current === changesAtStart) {
          dirtyRef.current = false;
          forgetLocal(answer.id);
        } else {
          keepLocally(answer.id, draftRef.current, answer.version);
          schedule(AUTOSAVE_DELAY_MS);
        }
        setSaveStatus({ kind: 'saved', at: answer.updatedAt });
      };
      const run = (async () => {
        try {
          const answer: AdminArticle = idRef.current
            ? await patchArticle(idRef.current, patchBodyOf(sent, versionRef.current ?? 1), leaving)
            : await createArticle(createBodyOf(sent), leaving);
          if (!idRef.current) {
            idRef.current = answer.id;
            forgetLocal('new');
            // The address becomes the article's own, without reloading the editor.
            window.history.replaceState(window.history.state, '', articleEditPath(answer.id));
          }
          adopt(answer);
        } catch (failure) {
          if (failure instanceof NetworkError) {
            setSaveStatus({ kind: 'offline' });
            schedule(OFFLINE_RETRY_MS);
          } else if (
            failure instanceof AdminApiError &&
            failure.conflict &&
            changesNothing(sent, draftOf(failure.conflict.current.article))
          ) {
            // The newer version already holds these edits: an earlier save of ours whose answer was lost, not a
            // conflict.
            adopt(failure.conflict.current);
          } else if (failure instanceof AdminApiError && failure.conflict) {
            conflictRef.current = true;
            setConflict(failure.conflict);
            setSaveStatus({ kind: 'idle' });
          } else if (failure instanceof AdminApiError && failure.status === 400) {
            setSaveStatus({ kind: 'invalid', message: failure.message, fields: failure.details });
          } else {
            setSaveStatus({ kind: 'error', message: errorMessage(failure) });
          }
        }
      })();
      savingRef.current = run;
      try {
        await run;
      } finally {
        savingRef.current = null;
      }
    },
    [schedule],
  );
  const saveRef = useRef(save);
  saveRef.current = save;

  const change = useCallback(
    (update: (current: Draft) => Draft) => {
      const next = update(draftRef.current);
      draftRef.current = next;
      dirtyRef.current = true;
      changesRef.current += 1;
      setDraft(next);
      keepLocally(idRef.current ?? 'new', next, versionRef.current);
      schedule(AUTOSAVE_DELAY_MS);
    },
    [schedule],
  );
  const set =
    <K extends keyof Draft>(name: K) =>
    (value: Draft[K]) =>
      change((current) => ({ ...current, [name]: value }));

  // Unsent edits resumed at load are sent at once; a network back online sends what waits.
  useEffect(() => {
    if (dirtyRef.current) schedule(0);
    const online = () => {
      if (dirtyRef.current) schedule(0);
    };
    const leave = (event: BeforeUnloadEvent) => {
      if (dirtyRef.current) event.preventDefault();
    };
    // Edits typed within the autosave delay are sent at once when the author leaves: by a link of the
    // newsroom (the editor unmounts) or by closing, reloading or leaving the page (pagehide).
    const flush = () => {
      if (timerRef.current) clearTimeout(timerRef.current);
      if (dirtyRef.current) void saveRef.current(true);
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', leave);
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', leave);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [schedule]);

  /** Replaces the document by another (the server's in a conflict, or the one recovered from this browser). */
  const replaceDocument = (next: Draft, version: number | null, dirty: boolean) => {
    draftRef.current = next;
    versionRef.current = version;
    dirtyRef.current = dirty;
    changesRef.current += 1;
    setDraft(next);
    setGeneration((value) => value + 1);
    if (dirty) {
      keepLocally(localKey(), next, version);
      schedule(0);
    } else forgetLocal(localKey());
  };

  const resolveConflict = (keep: 'theirs' | 'mine') => {
    if (!conflict) return;
    conflictRef.current = false;
    setConflict(null);
    setState(stateOf(conflict.current));
    if (keep === 'theirs') {
      replaceDocument(draftOf(conflict.current.article), conflict.current.version, false);
      setSaveStatus({ kind: 'idle' });
    } else {
      // An explicit choice: my text is saved as the version after theirs (theirs stays in the revisions).
      versionRef.current = conflict.current.version;
      keepLocally(localKey(), draftRef.current, conflict.current.version);
      dirtyRef.current = true;
      schedule(0);
    }
  };

  /** Saves pending edits first, then runs a workflow step from the version just saved. */
  const runStep = async (label: string, step: (id: string, version: number) => Promise<AdminArticle>) => {
    setActionMessage(null);
    if (timerRef.current) clearTimeout(timerRef.current);
    await save();
    if (dirtyRef.current || conflictRef.current || !idRef.current || versionRef.current === null) {
      setActionMessage({ text: 'Enregistrez d’abord l’article (voir le message ci-dessus).', error: true });
      return;
    }
    try {
      const answer = await step(idRef.current, versionRef.current);
      versionRef.current = answer.version;
      setState(stateOf(answer));
      // Dates the server set at publication come back into the form without counting as an edit.
      const withDates = {
        ...draftRef.current,
        publication_date: answer.article.publication_date,
        update_date: answer.article.update_date ?? null,
      };
      draftRef.current = withDates;
      setDraft(withDates);
      setActionMessage({ text: label, error: false });
    } catch (failure) {
      if (failure instanceof AdminApiError && failure.conflict) {
        conflictRef.current = true;
        setConflict(failure.conflict);
        return;
      }
      setActionMessage({ text: errorMessage(failure), error: true });
    }
  };

  const own = state?.createdBy?.id === staff.id || state === null;
  const canEdit =
    can('article.editAny') ||
    (own && (state === null || (state.status === 'draft' && state.publishedVersion === null)));
  const fieldError = (field: string) =>
    saveStatus.kind === 'invalid'
      ? saveStatus.fields.find((item) => item.field === field)?.message
      : undefined;

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
  const topicOptions = useMemo(() => tagOptions(taxonomy, 'roots'), [taxonomy]);
  const thematicOptions = useMemo(() => tagOptions(taxonomy, 'children'), [taxonomy]);
  const tradeOptions = useMemo(
    () => (taxonomy?.trades ?? []).map((trade) => ({ key: trade.slug, label: trade.label })),
    [taxonomy],
  );
  const tradeLabel = (slug: string) => tradeOptions.find((option) => option.key === slug)?.label ?? slug;
  const property = (key: string) => {
    const value = draft.additionalProperties[key];
    return typeof value === 'string' ? value : '';
  };
  const setProperty = (key: string, value: string | null) =>
    change((current) => {
      const properties = { ...current.additionalProperties };
      if (value === null || value === '') delete properties[key];
      else properties[key] = value;
      return { ...current, additionalProperties: properties };
    });
  const missingAlt = imagesWithoutAlt(draft);

  return (
    <div>
      <h1 className={styles.pageTitle}>
        {state ? `Modifier : ${draft.title || 'sans titre'}` : 'Nouvel article'}
      </h1>
      {conflict ? (
        <ConflictPanel conflict={conflict} baseVersion={versionRef.current} onResolve={resolveConflict} />
      ) : null}
      {recovered ? (
        <div className={styles.notice} role="status">
          <p>
            Des modifications faites dans ce navigateur le {formatDateTime(recovered.savedAt)} n’ont pas été
            enregistrées, et l’article a changé depuis sur le serveur.
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.primaryButton}
              onClick={() => {
                setRecovered(null);
                replaceDocument(recovered.draft, recovered.baseVersion, true);
              }}
            >
              Reprendre mes modifications
            </button>
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() => {
                setRecovered(null);
                forgetLocal(localKey());
              }}
            >
              Les abandonner
            </button>
          </div>
        </div>
      ) : null}
      {!canEdit ? (
        <p className={styles.notice}>
          {state?.status === 'in_review'
            ? 'Cet article est en relecture : seuls les éditeurs peuvent le modifier.'
            : 'Seuls les éditeurs peuvent modifier cet article.'}
        </p>
      ) : null}
      <div className={styles.editorLayout}>
        <fieldset disabled={!canEdit} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <legend className="visually-hidden">Contenu de l’article</legend>
          <section className={styles.panel} aria-labelledby="champ-principal">
            <h2 id="champ-principal">Article</h2>
            <div className={styles.grid2}>
              <SelectField
                label="Type"
                value={draft.type}
                onChange={(event) => set('type')(event.target.value as Draft['type'])}
                options={ARTICLE_TYPE_OPTIONS}
              />
              <SelectField
                label="Format"
                value={draft.format}
                onChange={(event) => set('format')(event.target.value)}
                options={withCurrentOption(ARTICLE_FORMAT_OPTIONS, draft.format)}
              />
            </div>
            <InputField
              label="Titre"
              required
              value={draft.title}
              maxLength={500}
              onChange={(event) => set('title')(event.target.value)}
              error={fieldError('title')}
            />
            <TextAreaField
              label="Chapô"
              value={draft.summary}
              maxLength={5000}
              onChange={(event) => set('summary')(event.target.value)}
              error={fieldError('summary')}
            />
            {draft.type === ARTICLE_TYPE.agenda ? (
              <InputField
                label="Date de l’événement"
                type="date"
                required
                value={draft.event_date ?? ''}
                onChange={(event) => set('event_date')(event.target.value || null)}
                error={fieldError('event_date')}
              />
            ) : null}
            {draft.type === ARTICLE_TYPE.simulator ? (
              <InputField
                label="Adresse du simulateur (/embed/…)"
                value={draft.simulator_url ?? ''}
                onChange={(event) => set('simulator_url')(event.target.value || null)}
                error={fieldError('simulator_url')}
              />
            ) : null}
            <BodyEditor
              key={`view-${generation}`}
              label="Corps de l’article"
              initialHtml={draft.view}
              onChange={set('view')}
              readOnly={!canEdit}
            />
            {fieldError('view') ? <p className={styles.error}>{fieldError('view')}</p> : null}
          </section>

          <section className={styles.panel} aria-labelledby="champ-classement">
            <h2 id="champ-classement">Classement</h2>
            <TagPicker
              label="Thèmes"
              options={topicOptions}
              selected={draft.topics.map(tagOption)}
              onChange={(selected) => set('topics')(selected.map((option) => option.tag))}
            />
            <TagPicker
              label="Thématiques"
              options={thematicOptions}
              selected={draft.thematics.map(tagOption)}
              onChange={(selected) => set('thematics')(selected.map((option) => option.tag))}
            />
            <TagPicker
              label="Métiers"
              options={tradeOptions}
              selected={draft.trades.map((slug) => ({ key: slug, label: tradeLabel(slug) }))}
              onChange={(selected) => set('trades')(selected.map((option) => option.key))}
            />
          </section>

          <section className={styles.panel} aria-labelledby="champ-signature">
            <h2 id="champ-signature">Signature et dates</h2>
            <div className={styles.grid2}>
              <InputField
                label="Auteur"
                value={draft.author}
                onChange={(event) => set('author')(event.target.value)}
              />
              <InputField
                label="Fonction de l’auteur"
                value={draft.author_function}
                onChange={(event) => set('author_function')(event.target.value)}
              />
            </div>
            <InputField
              label="Source"
              value={draft.source}
              onChange={(event) => set('source')(event.target.value)}
            />
            <div className={styles.grid2}>
              {DATE_FIELDS.map(({ key, label, hint }) => (
                <ParisDateTimeField
                  key={key}
                  label={label}
                  hint={hint}
                  value={draft[key]}
                  onInstant={set(key)}
                  error={fieldError(key)}
                />
              ))}
            </div>
          </section>

          <section className={styles.panel} aria-labelledby="champ-seo">
            <h2 id="champ-seo">Référencement et accès</h2>
            <InputField
              label="Titre SEO"
              hint="Titre de la page pour les moteurs de recherche ; vide : le titre de l’article."
              value={property(PROPERTY_KEYS.seoTitle)}
              onChange={(event) => setProperty(PROPERTY_KEYS.seoTitle, event.target.value)}
            />
            <InputField
              label="Titre pour les réseaux sociaux"
              value={property(PROPERTY_KEYS.socialTitle)}
              onChange={(event) => setProperty(PROPERTY_KEYS.socialTitle, event.target.value)}
            />
            <label className={styles.checkbox}>
              <input
                type="checkbox"
                checked={PROPERTY_KEYS.themesGateway in draft.additionalProperties}
                onChange={(event) =>
                  setProperty(
                    PROPERTY_KEYS.themesGateway,
                    event.target.checked
                      ? (draft.thematics[0]?.shortId ?? draft.topics[0]?.shortId ?? 'oui')
                      : null,
                  )
                }
              />
              Ne pas indexer (Themes_Gateway : page exclue des moteurs de recherche)
            </label>
            <label className={styles.checkbox}>
              <input
                type="checkbox"
                checked={draft.paywalled}
                onChange={(event) => set('paywalled')(event.target.checked)}
              />
              Article payant (réservé aux lecteurs ayant accès)
            </label>
          </section>

          <section className={styles.panel} aria-labelledby="champ-medias">
            <h2 id="champ-medias">Images et pièces jointes</h2>
            <ImagesField images={draft.images} onChange={set('images')} />
            <AttachmentsField attachments={draft.attachments} onChange={set('attachments')} />
          </section>

          <SectionsField
            generation={generation}
            readOnly={!canEdit}
            sections={draft.sections}
            onChange={set('sections')}
            fieldError={fieldError}
          />
        </fieldset>

        <aside className={styles.sidebar} aria-label="Publication">
          <section className={styles.panel} aria-labelledby="etat-article">
            <h2 id="etat-article">Publication</h2>
            <SaveStatusLine status={saveStatus} />
            {state ? (
              <p>
                <span className={styles.badge}>{ARTICLE_STATUS_LABELS[state.status]}</span> version{' '}
                {state.version}
                {state.status === 'scheduled' && state.scheduledAt ? (
                  <>
                    <br />
                    Mise en ligne le {formatDateTime(state.scheduledAt)} (heure de Paris)
                  </>
                ) : null}
                {hasUnpublishedChanges(state) ? (
                  <>
                    <br />
                    Modifications non publiées (version en ligne : {state.publishedVersion})
                  </>
                ) : null}
              </p>
            ) : (
              <p className={styles.hint}>Pas encore enregistré.</p>
            )}
            {actionMessage ? (
              <p
                className={actionMessage.error ? styles.alert : styles.notice}
                role={actionMessage.error ? 'alert' : 'status'}
              >
                {actionMessage.text}
              </p>
            ) : null}
            {canEdit ? (
              <button
                type="button"
                className={styles.primaryButton}
                onClick={() => {
                  if (!dirtyRef.current && idRef.current && state) {
                    setSaveStatus({ kind: 'saved', at: state.updatedAt });
                    return;
                  }
                  dirtyRef.current = true;
                  void save();
                }}
              >
                Enregistrer
              </button>
            ) : null}
            {state ? (
              <WorkflowActions
                state={state}
                own={own}
                missingAlt={missingAlt}
                runStep={runStep}
                publicationDate={draft.publication_date}
              />
            ) : null}
            {state ? (
              <ul>
                <li>
                  <Link href={previewPath(state.id)}>Aperçu</Link>
                </li>
                <li>
                  <Link href={revisionsPath(state.id)}>Révisions</Link>
                </li>
                {state.status === 'published' ? (
                  <li>
                    <a href={state.path}>Page publique</a>
                  </li>
                ) : null}
              </ul>
            ) : null}
          </section>
          <ReferencesPanel parts={referenceParts} />
          {state && (own || can('article.editAny')) ? <ReviewNotesPanel articleId={state.id} /> : null}
        </aside>
      </div>
    </div>
  );
}

function SaveStatusLine({ status }: { status: SaveStatus }) {
  const text = (() => {
    switch (status.kind) {
      case 'idle':
        return '';
      case 'saving':
        return 'Enregistrement...';
      case 'saved':
        return `Enregistré à ${formatDateTime(status.at).split(' ')[1] ?? ''}.`;
      case 'offline':
        return 'Serveur injoignable : vos modifications sont gardées dans ce navigateur et seront envoyées dès que possible.';
      case 'invalid':
        return `Non enregistré : ${status.message}${status.fields.length ? ` (${status.fields.map((item) => `${fieldLabel(item.field)} : ${item.message}`).join(' ; ')})` : ''}`;
      case 'error':
        return `Non enregistré : ${status.message} Vos modifications restent gardées dans ce navigateur.`;
    }
  })();
  const problem = status.kind === 'offline' || status.kind === 'invalid' || status.kind === 'error';
  return (
    <p className={problem ? styles.alert : styles.status} role="status" aria-live="polite">
      {text}
    </p>
  );
}

/** Why the update mark is not offered: the article page shows « mis à jour le » only on a later day. */
const SAME_DAY_UPDATE_NOTE =
  'Publié aujourd’hui : « mis à jour le » ne s’affiche qu’à partir du lendemain de la publication.';

/** True when the article was published on `now`'s day in Paris, when the page shows no update date. */
export function publishedToday(publicationDate: string | null, now: Date): boolean {
  return publicationDate !== null && parisIsoDay(new Date(publicationDate)) === parisIsoDay(now);
}

function WorkflowActions({
  state,
  own,
  missingAlt,
  runStep,
  publicationDate,
}: {
  state: ArticleState;
  own: boolean;
  missingAlt: string[];
  publicationDate: string | null;
  runStep: (label: string, step: (id: string, version: number) => Promise<AdminArticle>) => Promise<void>;
}) {
  const { can } = useStaff();
  const [at, setAt] = useState('');
  const [markUpdated, setMarkUpdated] = useState(false);
  const [updateNote, setUpdateNote] = useState('');
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const published = state.status === 'published';
  const updatedToday = publishedToday(publicationDate, new Date());
  const pendingUpdate = published && hasUnpublishedChanges(state);
  const canSubmit = state.status === 'draft' && (own || can('article.editAny'));
  const canPublish = can('article.publish') && (!published || pendingUpdate);

  return (
    <div>
      {canSubmit ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() =>
              runStep('Article soumis à la relecture.', (id, version) => submitArticle(id, version))
            }
          >
            Soumettre à la relecture
          </button>
        </div>
      ) : null}
      {canPublish ? (
        <>
          {missingAlt.length > 0 ? (
            <p className={styles.error}>
              Texte alternatif manquant avant publication : {missingAlt.join(', ')}.
            </p>
          ) : null}
          {published ? (
            <>
              <label className={styles.checkbox}>
                <input
                  type="checkbox"
                  checked={markUpdated && !updatedToday}
                  disabled={updatedToday}
                  aria-describedby={updatedToday ? 'mis-a-jour-meme-jour' : undefined}
                  onChange={(event) => setMarkUpdated(event.target.checked)}
                />
                Afficher « mis à jour le » (aujourd’hui)
              </label>
              {updatedToday ? (
                <p id="mis-a-jour-meme-jour" className={styles.hint}>
                  {SAME_DAY_UPDATE_NOTE}
                </p>
              ) : null}
            </>
          ) : null}
          {published && markUpdated ? (
            <TextAreaField
              label="Ce qui a changé (note publique, facultative)"
              hint="Montrée aux lecteurs sous les dates de l’article et envoyée à ceux qui l’ont enregistré."
              maxLength={UPDATE_NOTE_MAX}
              rows={3}
              value={updateNote}
              onChange={(event) => setUpdateNote(event.target.value)}
            />
          ) : null}
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.primaryButton}
              onClick={() =>
                runStep(published ? 'Mise à jour publiée.' : 'Article publié.', (id, version) =>
                  publishArticle(id, {
                    version,
                    ...(published ? { markUpdated } : {}),
                    ...(published && markUpdated && updateNote.trim()
                      ? { updateNote: updateNote.trim() }
                      : {}),
                  }),
                )
              }
            >
              {published ? 'Publier la mise à jour' : 'Publier maintenant'}
            </button>
          </div>
          {!published ? (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                const instant = fromParisInput(at);
                if (!instant || Date.parse(instant) <= Date.now()) {
                  setScheduleError('Choisissez une date et une heure à venir.');
                  return;
                }
                setScheduleError(null);
                void runStep(`Publication programmée le ${formatDateTime(instant)}.`, (id, version) =>
                  publishArticle(id, { version, at: instant }),
                );
              }}
            >
              <InputField
                label="Programmer pour le (heure de Paris)"
                type="datetime-local"
                value={at}
                min={toParisInput(new Date())}
                onChange={(event) => setAt(event.target.value)}
                error={scheduleError}
              />
              <button type="submit" className={styles.secondaryButton}>
                Programmer
              </button>
            </form>
          ) : null}
        </>
      ) : null}
      {can('article.unpublish') && (published || state.status === 'scheduled') ? (
        <div className={styles.actions}>
          <ConfirmButton
            question="Dépublier cet article ? Son adresse publique répondra « contenu retiré » (410)."
            onConfirm={() =>
              void runStep('Article dépublié.', (id, version) => unpublishArticle(id, version))
            }
          >
            Dépublier
          </ConfirmButton>
        </div>
      ) : null}
    </div>
  );
}

function ConflictPanel({
  conflict,
  baseVersion,
  onResolve,
}: {
  conflict: ArticleConflictAnswer;
  baseVersion: number | null;
  onResolve: (keep: 'theirs' | 'mine') => void;
}) {
  const who = conflict.changedBy.map((person) => person.name).join(', ') || 'quelqu’un d’autre';
  const { current } = conflict;
  return (
    <div className={styles.alert} role="alert">
      <p>
        <strong>Enregistrement refusé :</strong> {who} a modifié cet article pendant que vous écriviez
        (version {current.version}, le {formatDateTime(current.updatedAt)}). Rien n’a été écrasé ; vos
        modifications sont gardées dans ce navigateur.
      </p>
      {conflict.changedFields.length > 0 ? (
        <p>Champs modifiés de leur côté : {conflict.changedFields.map(fieldLabel).join(', ')}.</p>
      ) : null}
      {conflict.changedFields.includes('title') ? <p>Leur titre : « {current.article.title} »</p> : null}
      <div className={styles.actions}>
        {baseVersion !== null ? (
          <Link
            href={`${revisionsPath(current.id)}?de=${baseVersion}&a=${current.version}`}
            className={styles.secondaryButton}
            target="_blank"
          >
            Voir leurs changements
          </Link>
        ) : null}
        <button type="button" className={styles.secondaryButton} onClick={() => onResolve('theirs')}>
          Reprendre leur version (abandonner mes modifications)
        </button>
        <button type="button" className={styles.primaryButton} onClick={() => onResolve('mine')}>
          Enregistrer ma version par-dessus
        </button>
      </div>
    </div>
  );
}

type TagOption = PickerOption & { tag: TagValue };

function tagOption(tag: TagValue): TagOption {
  return { key: tag.id, label: tag.label, tag };
}

/** Topics (roots of the taxonomy) or thematics (the rest, with their parent's name) as picker options. */
function tagOptions(taxonomy: TaxonomyAnswer | null, level: 'roots' | 'children'): TagOption[] {
  if (!taxonomy) return [];
  const labels = new Map(taxonomy.topics.map((topic) => [topic.id, topic.label]));
  return taxonomy.topics
    .filter((topic) => (level === 'roots' ? topic.parentId === null : topic.parentId !== null))
    .map((topic) => ({
      key: topic.id,
      label: topic.label,
      detail: topic.parentId ? labels.get(topic.parentId) : undefined,
      tag: { label: topic.label, slug: topic.slug, id: topic.id, shortId: topic.shortId },
    }));
}
