'use client';

import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { type FormEvent, useEffect, useState } from 'react';
import { type ArticleFilters, errorMessage, getTaxonomy, listArticles } from '@/client/admin';
import { deleteDraft } from '@/client/newsroom/article-bin';
import { ARTICLE_TYPE, type ArticleType } from '@/lib/constants';
import {
  ARTICLE_STATUS_LABELS,
  ARTICLE_STATUSES,
  type ArticleListAnswer,
  type StaffRef,
  type TaxonomyAnswer,
} from '@/lib/contracts/admin';
import { ARTICLE_BIN_DAYS } from '@/lib/contracts/article-bin';
import { DeleteDraftButton, mayDeleteDraft } from './article-bin/delete-draft';
import {
  ARTICLE_TYPE_LABELS,
  ARTICLE_TYPE_OPTIONS,
  articleListStatus,
  hasUnpublishedChanges,
} from './article-labels';
import { InputField, PanelForm } from './fields';
import { formatDateTime, formatDay } from './format';
import { DataTable, FilterActions, FilterSelect, Pager, searchParamsOf } from './list-parts';
import { ErrorAlert, LiveNotice, Loading } from './messages';
import styles from './newsroom.module.css';
import { articleEditPath, NEWSROOM_PATHS, previewPath } from './paths';
import { useStaff } from './staff-shell';

/** The filters the URL may carry, in the order of the form. */
const FILTERS = ['q', 'status', 'type', 'topic', 'author', 'createdBy'] as const;

/** The "Créés par" choices: the person signed in first ("Moi"), then every other staff member by name. */
export function creatorOptions(myId: number, creators: readonly StaffRef[]) {
  return [
    { value: String(myId), label: 'Moi' },
    ...creators
      .filter((creator) => creator.id !== myId)
      .map((creator) => ({ value: String(creator.id), label: creator.name })),
  ];
}
const PER_PAGE = 25;

function filtersOf(params: URLSearchParams, fixedType: ArticleType | undefined): ArticleFilters {
  const filters: ArticleFilters = {};
  for (const name of FILTERS) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  if (fixedType) filters.type = fixedType;
  // The agenda reads by event date.
  if (fixedType === ARTICLE_TYPE.agenda) filters.sort = 'evenement';
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) filters.page = page;
  filters.perPage = PER_PAGE;
  return filters;
}

/** A list of one type (the agenda, figures and rates): its title and the label of its "new" link. */
export type ArticleListKind = { type: ArticleType; title: string; newLabel: string };

/**
 * The newsroom's article list: filters by status, type, topic, author and text, newest change first, paginated.
 * The filters live in the URL (a filtered list can be bookmarked, shared and gone back to). With a `kind`, the
 * list holds that type only and its "new" link opens the editor on that type.
 */
export function ArticleList({ kind }: { kind?: ArticleListKind } = {}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const { staff, can } = useStaff();
  const filters = filtersOf(new URLSearchParams(params.toString()), kind?.type);
  const key = JSON.stringify(filters);
  const byEvent = filters.sort === 'evenement';
  const [answer, setAnswer] = useState<ArticleListAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [taxonomy, setTaxonomy] = useState<TaxonomyAnswer | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** Counts the list's changes made here (a draft deleted): the list loads again after each. */
  const [changes, setChanges] = useState(0);

  useEffect(() => {
    getTaxonomy()
      .then(setTaxonomy)
      .catch(() => setTaxonomy(null));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `changes` loads the list again after a deletion.
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    listArticles(JSON.parse(key) as ArticleFilters, controller.signal)
      .then(setAnswer)
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(failure));
      });
    return () => controller.abort();
  }, [key, changes]);

  const remove = async (id: string, title: string, version: number) => {
    setError(null);
    setNotice(null);
    try {
      await deleteDraft(id, version);
      setNotice(`« ${title} » est dans la corbeille pendant ${ARTICLE_BIN_DAYS} jours.`);
      setChanges((count) => count + 1);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const go = (next: URLSearchParams) => {
    const text = next.toString();
    router.push(text ? `${pathname}?${text}` : pathname);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go(searchParamsOf(new FormData(event.currentTarget), FILTERS));
  };

  const pageLink = (page: number) => {
    const next = new URLSearchParams(params.toString());
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    return `${pathname}?${next.toString()}`;
  };

  const topics = (taxonomy?.topics ?? []).filter((topic) => topic.parentId === null);

  return (
    <>
      <div className={styles.actions}>
        <h1 className={styles.pageTitle}>{kind?.title ?? 'Articles'}</h1>
        <Link
          href={kind ? `${NEWSROOM_PATHS.newArticle}?type=${kind.type}` : NEWSROOM_PATHS.newArticle}
          className={styles.primaryButton}
          style={{ marginLeft: 'auto' }}
        >
          {kind?.newLabel ?? 'Nouvel article'}
        </Link>
      </div>
      {/* The key resets the uncontrolled fields when the URL changes (back, a shared link), and once the
          choices of the selects have come (themes, staff), so that each select shows the URL's filter. */}
      <PanelForm
        key={`${key}|${taxonomy !== null}|${answer !== null}`}
        label="Filtrer les articles"
        onSubmit={submit}
      >
        <InputField label="Titre ou identifiant" name="q" type="search" defaultValue={filters.q} />
        <FilterSelect
          label="Statut"
          name="status"
          defaultValue={filters.status}
          all="Tous"
          options={ARTICLE_STATUSES.map((status) => ({
            value: status,
            label: ARTICLE_STATUS_LABELS[status],
          }))}
        />
        {kind ? null : (
          <FilterSelect
            label="Type"
            name="type"
            defaultValue={filters.type}
            all="Tous"
            options={ARTICLE_TYPE_OPTIONS}
          />
        )}
        <FilterSelect
          label="Thème"
          name="topic"
          defaultValue={filters.topic}
          all="Tous"
          options={topics.map((topic) => ({ value: topic.id, label: topic.label }))}
        />
        <InputField label="Auteur (signature)" name="author" defaultValue={filters.author} />
        <FilterSelect
          label="Créés par"
          name="createdBy"
          defaultValue={String(filters.createdBy ?? '')}
          all="Tout le monde"
          options={creatorOptions(staff.id, answer?.creators ?? [])}
        />
        <FilterActions resetHref={pathname} />
      </PanelForm>
      <ErrorAlert message={error} />
      <LiveNotice message={notice} />
      {notice ? (
        <p>
          <Link href={NEWSROOM_PATHS.bin}>Voir la corbeille</Link>
        </p>
      ) : null}
      {answer ? (
        <>
          <p role="status" className={styles.status}>
            {articleListStatus(answer)}
          </p>
          {answer.items.length > 0 ? (
            <DataTable
              columns={[
                'Titre',
                ...(byEvent ? ['Date de l’événement'] : []),
                'Statut',
                'Type',
                'Auteur',
                'Dernière modification',
              ]}
              actions
              caption={
                byEvent
                  ? 'Événements, de la date la plus tardive à la plus ancienne'
                  : 'Articles, du plus récemment modifié au plus ancien'
              }
            >
              {answer.items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Link href={articleEditPath(item.id)}>{item.title}</Link>
                    {item.topics.length > 0 ? (
                      <div className={styles.hint}>{item.topics.join(', ')}</div>
                    ) : null}
                  </td>
                  {byEvent ? <td>{formatDay(item.eventDate)}</td> : null}
                  <td>
                    <span className={styles.badge}>{ARTICLE_STATUS_LABELS[item.status]}</span>
                    {item.status === 'scheduled' && item.scheduledAt ? (
                      <div className={styles.hint}>le {formatDateTime(item.scheduledAt)}</div>
                    ) : null}
                    {hasUnpublishedChanges(item) ? (
                      <div className={styles.hint}>modifications non publiées</div>
                    ) : null}
                  </td>
                  <td>{ARTICLE_TYPE_LABELS[item.type] ?? item.type}</td>
                  <td>{item.author ?? ''}</td>
                  <td>
                    {formatDateTime(item.updatedAt)}
                    {item.updatedBy ? <div className={styles.hint}>par {item.updatedBy.name}</div> : null}
                  </td>
                  <td>
                    <Link href={previewPath(item.id)}>
                      Aperçu<span className="visually-hidden"> de « {item.title} »</span>
                    </Link>
                    {mayDeleteDraft(item, staff.id, can) ? (
                      <DeleteDraftButton
                        title={item.title}
                        named
                        onConfirm={() => void remove(item.id, item.title, item.version)}
                      />
                    ) : null}
                  </td>
                </tr>
              ))}
            </DataTable>
          ) : null}
          <Pager
            label="Pages de la liste"
            list={answer}
            href={pageLink}
            afterLast={
              answer.totalIsLowerBound ? <span>Pour aller au-delà, affinez les filtres.</span> : null
            }
          />
        </>
      ) : error ? null : (
        <Loading />
      )}
    </>
  );
}
