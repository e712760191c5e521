'use client';

import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '@/client/admin';
import { createTopic, deleteTopic, getTerms, patchTopic, patchTrade } from '@/client/newsroom/taxonomy';
import type { AdminTopic, AdminTrade, TaxonomyTermsAnswer } from '@/lib/contracts/taxonomy';
import { RowButton, SubmitRow } from '../buttons';
import { InputField, SelectField, TextAreaField } from '../fields';
import { usePageMessages } from '../form-errors';
import { DataTable } from '../list-parts';
import { Loading, PageMessages } from '../messages';
import styles from '../newsroom.module.css';
import { useStaff } from '../staff-shell';

const NO_PARENT = '';

/** Each topic's depth in the tree (the list comes parents first). */
function depths(topics: AdminTopic[]): Map<string, number> {
  const depth = new Map<string, number>();
  for (const topic of topics) depth.set(topic.id, topic.parentId ? (depth.get(topic.parentId) ?? 0) + 1 : 0);
  return depth;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const number = (form: FormData, name: string) => Number(form.get(name) ?? 0);

/** The fields of a topic (new or edited); `topic` gives the current values. */
function TopicFields({
  topic,
  parents,
}: {
  topic?: AdminTopic | undefined;
  parents: { value: string; label: string }[];
}) {
  return (
    <>
      <InputField
        label="Libellé"
        name="label"
        required
        defaultValue={topic?.label}
        hint={
          topic?.fixedSlug
            ? `Rubrique du site : son adresse reste « ${topic.slug} ».`
            : 'L’adresse (slug) en découle ; l’ancienne adresse redirige vers la nouvelle (301).'
        }
      />
      <SelectField
        label="Thème parent"
        name="parentId"
        defaultValue={topic?.parentId ?? NO_PARENT}
        disabled={topic?.fixedSlug}
        options={[{ value: NO_PARENT, label: 'Aucun (thème racine)' }, ...parents]}
      />
      <div className={styles.grid2}>
        <InputField
          label="Ordre"
          name="sortOrder"
          type="number"
          min={0}
          defaultValue={topic?.sortOrder ?? 0}
        />
        <InputField label="Libellé court" name="shortLabel" defaultValue={topic?.shortLabel ?? ''} />
      </div>
      <TextAreaField
        label="Explication"
        name="explanation"
        rows={3}
        defaultValue={topic?.explanation ?? ''}
      />
    </>
  );
}

/** /redaction/taxonomie: the topic and thematic tree and the trades. */
export function TaxonomyPage() {
  const { can } = useStaff();
  const canManage = can('taxonomy.manage');
  const [terms, setTerms] = useState<TaxonomyTermsAnswer | null>(null);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const messages = usePageMessages();
  const { error, setError } = messages;

  const load = useCallback(() => {
    getTerms()
      .then(setTerms)
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, [setError]);
  useEffect(load, [load]);

  const depth = useMemo(() => depths(terms?.topics ?? []), [terms]);
  const parents = useMemo(
    () =>
      (terms?.topics ?? []).map((topic) => ({
        value: topic.id,
        label: `${'— '.repeat(depth.get(topic.id) ?? 0)}${topic.label}`,
      })),
    [terms, depth],
  );
  const current = terms?.topics.find((topic) => topic.id === selected);

  /** Runs a change of the terms, then reads them again. */
  const run = (action: () => Promise<string>) =>
    messages.run(async () => {
      const notice = await action();
      load();
      return notice;
    });
  const topicBody = (form: FormData) => ({
    label: text(form, 'label'),
    parentId: text(form, 'parentId') || null,
    sortOrder: number(form, 'sortOrder'),
    shortLabel: text(form, 'shortLabel') || null,
    explanation: text(form, 'explanation') || null,
  });
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const body = topicBody(new FormData(formElement));
    void run(async () => {
      const created = await createTopic(body);
      formElement.reset();
      return `Thème « ${created.label} » créé (adresse « ${created.slug} »).`;
    });
  };
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!current) return;
    const body = topicBody(new FormData(event.currentTarget));
    void run(async () => {
      const { parentId, ...rest } = body;
      const updated = await patchTopic(current.id, current.fixedSlug ? rest : { ...rest, parentId });
      return `Thème « ${updated.label} » enregistré (adresse « ${updated.slug} »).`;
    });
  };
  const remove = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!current) return;
    const moveTo = text(new FormData(event.currentTarget), 'moveTo') || undefined;
    void run(async () => {
      await deleteTopic(current.id, moveTo);
      setSelected(null);
      return `Thème « ${current.label} » supprimé.`;
    });
  };
  const saveTrade = (trade: AdminTrade) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void run(async () => {
      const updated = await patchTrade(trade.slug, {
        label: text(form, 'label'),
        labelShort: text(form, 'labelShort'),
        sortOrder: number(form, 'sortOrder'),
      });
      return `Métier « ${updated.label} » enregistré.`;
    });
  };

  const needle = filter.trim().toLocaleLowerCase('fr');
  const shown = (terms?.topics ?? []).filter(
    (topic) => !needle || topic.label.toLocaleLowerCase('fr').includes(needle) || topic.slug.includes(needle),
  );

  return (
    <>
      <h1 className={styles.pageTitle}>Thèmes et métiers</h1>
      <PageMessages error={error} notice={messages.notice} details={messages.details} />
      {current && canManage ? (
        <section className={styles.panel} aria-labelledby="theme-choisi">
          <h2 id="theme-choisi">Modifier « {current.label} »</h2>
          <form
            key={`${current.id}-${current.slug}-${current.label}`}
            onSubmit={save}
            aria-label="Modifier le thème"
          >
            <TopicFields topic={current} parents={parents.filter((parent) => parent.value !== current.id)} />
            <div className={styles.actions}>
              <button type="submit" className={styles.primaryButton}>
                Enregistrer le thème
              </button>
              <button type="button" className={styles.secondaryButton} onClick={() => setSelected(null)}>
                Fermer
              </button>
            </div>
          </form>
          {current.fixedSlug ? null : (
            <form onSubmit={remove} aria-label="Supprimer le thème">
              <SelectField
                label={`Déplacer ses ${current.articleCount} article(s) vers`}
                name="moveTo"
                hint="Obligatoire tant que des articles l’utilisent ; son adresse redirigera vers ce thème."
                options={[
                  { value: '', label: 'Aucun thème' },
                  ...parents.filter((parent) => parent.value !== current.id),
                ]}
              />
              <SubmitRow kind="danger">Supprimer le thème</SubmitRow>
            </form>
          )}
        </section>
      ) : null}
      {canManage && terms ? (
        <details className={styles.panel}>
          <summary>Nouveau thème</summary>
          <form onSubmit={add} aria-label="Nouveau thème">
            <TopicFields parents={parents} />
            <SubmitRow>Créer le thème</SubmitRow>
          </form>
        </details>
      ) : null}
      {terms ? (
        <>
          <section aria-labelledby="arbre">
            <h2 id="arbre">Thèmes ({terms.topics.length})</h2>
            <div className={styles.filters}>
              <InputField
                label="Filtrer par libellé ou adresse"
                type="search"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
              />
            </div>
            <DataTable
              caption="Thèmes, chaque sous-thème sous son parent"
              columns={['Libellé', 'Adresse', 'Ordre', 'Articles']}
              actions={canManage}
              actionsHeading="Action"
            >
              {shown.map((topic) => (
                <tr key={topic.id}>
                  <td style={{ paddingLeft: `${0.5 + (depth.get(topic.id) ?? 0) * 1.25}rem` }}>
                    {topic.label}
                    {topic.shortLabel ? ` (${topic.shortLabel})` : ''}
                  </td>
                  <td>{topic.slug}</td>
                  <td>{topic.sortOrder}</td>
                  <td>{topic.articleCount}</td>
                  {canManage ? (
                    <td>
                      <RowButton
                        onClick={() => {
                          setSelected(topic.id);
                          window.scrollTo({ top: 0 });
                        }}
                        context={topic.label}
                      >
                        Modifier
                      </RowButton>
                    </td>
                  ) : null}
                </tr>
              ))}
            </DataTable>
          </section>
          <section className={styles.panel} aria-labelledby="metiers">
            <h2 id="metiers">Métiers</h2>
            <p className={styles.hint}>
              Leurs adresses sont celles du site : seuls les libellés et l’ordre changent.
            </p>
            {terms.trades.map((trade) => (
              <form
                key={`${trade.slug}-${trade.label}-${trade.labelShort}-${trade.sortOrder}`}
                className={styles.filters}
                onSubmit={saveTrade(trade)}
                aria-label={`Métier ${trade.slug}`}
              >
                <InputField
                  label={`Libellé (${trade.slug})`}
                  name="label"
                  required
                  defaultValue={trade.label}
                />
                <InputField
                  label="Libellé court"
                  name="labelShort"
                  required
                  defaultValue={trade.labelShort}
                />
                <InputField
                  label="Ordre"
                  name="sortOrder"
                  type="number"
                  min={0}
                  defaultValue={trade.sortOrder}
                />
                {canManage ? (
                  <SubmitRow kind="secondary">
                    Enregistrer<span className="visually-hidden"> le métier {trade.label}</span>
                  </SubmitRow>
                ) : null}
              </form>
            ))}
          </section>
        </>
      ) : error ? null : (
        <Loading />
      )}
    </>
  );
}
