'use client';

import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import Link from 'next/link';
import { type FormEvent, useCallback, useState } from 'react';
import { errorMessage, listArticles } from '@/client/admin';
import { getIssue, putIssue } from '@/client/newsroom/daily-issue';
import type { AdminArticleSummary } from '@/lib/contracts/admin';
import {
  type AdminIssue,
  ISSUE_LIMITS,
  ISSUE_STATUS_LABELS,
  type IssueNewsItem,
} from '@/lib/contracts/issues';
import { SubmitRow } from '../buttons';
import { InputField } from '../fields';
import { formatDateTime, fromParisInput } from '../format';
import { ErrorAlert, LiveNotice, Loading } from '../messages';
import styles from '../newsroom.module.css';
import { issuePreviewPath } from '../site-paths';
import { useStaff } from '../staff-shell';
import { useLoad } from '../use-load';
import { frenchDay } from './issues-page';
import { SortableNews } from './sortable-news';

/** Said to the roles that may read an issue but not save it (journalists). */
const READ_ONLY_ISSUE_NOTICE =
  'Lecture seule : seuls les éditeurs et les administrateurs modifient, publient et programment les numéros.';

/** /redaction/numeros/{date}: compose, order, preview and publish the issue of a day. */
export function IssueEditor({ date }: { date: string }) {
  const { can } = useStaff();
  const [issue, setIssue] = useState<AdminIssue | null>(null);
  const [news, setNews] = useState<IssueNewsItem[]>([]);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<AdminArticleSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useLoad(
    useCallback(
      (signal) =>
        getIssue(date, signal).then((answer) => {
          setIssue(answer);
          setNews(answer.news);
        }),
      [date],
    ),
    setError,
  );

  const titleOf = (id: string | number) => news.find((item) => item.id === id)?.title ?? String(id);
  const positionOf = (id: string | number) => news.findIndex((item) => item.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `« ${titleOf(active.id)} » saisi, position ${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `« ${titleOf(active.id)} » au-dessus de la position ${positionOf(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `« ${titleOf(active.id)} » déposé en position ${positionOf(over.id)}.` : undefined,
    onDragCancel: ({ active }) => `Déplacement de « ${titleOf(active.id)} » annulé.`,
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= news.length) return;
    setNews((current) => arrayMove(current, from, to));
  };
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setNews((current) =>
      arrayMove(
        current,
        current.findIndex((item) => item.id === active.id),
        current.findIndex((item) => item.id === over.id),
      ),
    );
  };

  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      const answer = await listArticles({ q: query.trim() || undefined, status: 'published', perPage: 10 });
      setResults(answer.items);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const add = (article: AdminArticleSummary) => {
    if (news.some((item) => item.id === article.id) || news.length >= ISSUE_LIMITS.maxNews) return;
    setNews((current) => [
      ...current,
      {
        id: article.id,
        title: article.title,
        type: article.type,
        publicationDate: article.publicationDate,
        path: article.path,
      },
    ]);
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = new FormData(event.currentTarget);
    const mode = submitter?.value ?? 'draft';
    let publishAt: string | undefined;
    if (mode === 'now') publishAt = new Date().toISOString();
    if (mode === 'schedule') {
      const at = fromParisInput(String(form.get('publishAt') ?? ''));
      if (!at) {
        setError('Indiquez la date et l’heure de publication.');
        return;
      }
      publishAt = at;
    }
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const saved = await putIssue(date, {
        issueName: String(form.get('issueName') ?? ''),
        comiteRedaction: String(form.get('comiteRedaction') ?? ''),
        redacteurChef: String(form.get('redacteurChef') ?? ''),
        newsIds: news.map((item) => item.id),
        ...(publishAt ? { publishAt } : {}),
      });
      setIssue(saved);
      setNews(saved.news);
      setNotice(
        saved.status === 'published'
          ? 'Numéro publié : la page d’accueil le montre.'
          : saved.status === 'scheduled'
            ? `Publication programmée le ${formatDateTime(saved.publishAt)}.`
            : 'Brouillon enregistré.',
      );
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!issue) {
    return error ? <ErrorAlert message={error} /> : <Loading />;
  }
  const editable = can('issue.edit');

  return (
    <>
      <h1 className={styles.pageTitle}>Numéro du {frenchDay(date)}</h1>
      <p>
        Statut : <strong>{ISSUE_STATUS_LABELS[issue.status]}</strong>
        {issue.status === 'scheduled' ? ` (publication le ${formatDateTime(issue.publishAt)})` : ''}
        {issue.status === 'new' ? ' : actualités publiées depuis le dernier numéro.' : ''}
        {issue.status !== 'new' ? (
          <>
            {' · '}
            <Link href={issuePreviewPath(date)}>Aperçu de la page d’accueil</Link> (version enregistrée)
          </>
        ) : null}
      </p>
      <ErrorAlert message={error} />
      <LiveNotice message={notice} />
      {editable ? null : <p className={styles.notice}>{READ_ONLY_ISSUE_NOTICE}</p>}
      <form
        className={styles.panel}
        onSubmit={save}
        aria-label={editable ? 'Composer le numéro' : 'Numéro (lecture seule)'}
      >
        <InputField
          label="Nom du numéro"
          name="issueName"
          readOnly={!editable}
          required
          maxLength={300}
          defaultValue={issue.issueName}
        />
        <InputField
          label="Rédacteur en chef"
          name="redacteurChef"
          readOnly={!editable}
          maxLength={300}
          defaultValue={issue.redacteurChef}
        />
        <InputField
          label="Comité de rédaction"
          name="comiteRedaction"
          readOnly={!editable}
          maxLength={300}
          defaultValue={issue.comiteRedaction}
        />
        <h2 id="actualites-numero">Actualités ({news.length})</h2>
        {editable ? (
          <p className={styles.hint} id="consigne-ordre">
            Glissez une actualité par sa poignée, ou donnez-lui le focus et appuyez sur Espace, puis sur les
            flèches haut et bas, et Espace pour la déposer. Les boutons ↑ et ↓ déplacent aussi.
          </p>
        ) : null}
        {news.length === 0 ? (
          <p>Aucune actualité{editable ? ' : ajoutez-en depuis la recherche ci-dessous' : ''}.</p>
        ) : !editable ? (
          <ol aria-labelledby="actualites-numero">
            {news.map((item) => (
              <li key={item.id}>{item.title}</li>
            ))}
          </ol>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={dragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: {
                draggable:
                  'Appuyez sur Espace pour saisir l’actualité, sur les flèches pour la déplacer, sur Espace pour la déposer ou sur Échap pour annuler.',
              },
            }}
          >
            <SortableContext items={news.map((item) => item.id)} strategy={verticalListSortingStrategy}>
              <ol aria-labelledby="actualites-numero" style={{ listStyle: 'none', padding: 0 }}>
                {news.map((item, index) => (
                  <SortableNews
                    key={item.id}
                    item={item}
                    index={index}
                    count={news.length}
                    onMove={move}
                    onRemove={(id) => setNews((current) => current.filter((entry) => entry.id !== id))}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
        {editable ? (
          <div className={styles.actions}>
            <button
              type="submit"
              name="mode"
              value="draft"
              className={styles.secondaryButton}
              disabled={busy}
            >
              Enregistrer
            </button>
            {can('issue.publish') ? (
              <>
                <button
                  type="submit"
                  name="mode"
                  value="now"
                  className={styles.primaryButton}
                  disabled={busy}
                >
                  Publier maintenant
                </button>
                <InputField label="Publier le (heure de Paris)" type="datetime-local" name="publishAt" />
                <button
                  type="submit"
                  name="mode"
                  value="schedule"
                  className={styles.secondaryButton}
                  disabled={busy}
                >
                  Programmer
                </button>
              </>
            ) : null}
          </div>
        ) : null}
      </form>
      {editable ? (
        <section className={styles.panel} aria-labelledby="ajouter-actualites">
          <h2 id="ajouter-actualites">Ajouter des actualités publiées</h2>
          <form onSubmit={search} className={styles.filters} aria-label="Chercher un article">
            <InputField
              label="Titre ou identifiant"
              name="q"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
            <SubmitRow kind="secondary">Chercher</SubmitRow>
          </form>
          {results ? (
            results.length === 0 ? (
              <p role="status">Aucun article publié ne correspond.</p>
            ) : (
              <ul aria-label="Résultats">
                {results.map((article) => {
                  const present = news.some((item) => item.id === article.id);
                  return (
                    <li key={article.id}>
                      {article.title} ({formatDateTime(article.publicationDate)}){' '}
                      <button
                        type="button"
                        className={styles.toolButton}
                        onClick={() => add(article)}
                        disabled={present}
                        aria-label={
                          present
                            ? `« ${article.title} » est déjà dans le numéro`
                            : `Ajouter « ${article.title} »`
                        }
                      >
                        {present ? 'Déjà ajouté' : 'Ajouter'}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )
          ) : null}
        </section>
      ) : null}
      <p>
        <Link href="/redaction/numeros">Retour aux numéros</Link>
      </p>
    </>
  );
}
