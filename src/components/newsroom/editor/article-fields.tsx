'use client';

import { useMemo } from 'react';
import { ARTICLE_TYPE } from '@/lib/constants';
import type { TaxonomyAnswer } from '@/lib/contracts/admin';
import { ARTICLE_FORMAT_OPTIONS, ARTICLE_TYPE_OPTIONS, PROPERTY_KEYS } from '../article-labels';
import { InputField, ParisDateTimeField, SelectField, TextAreaField, withCurrentOption } from '../fields';
import styles from '../newsroom.module.css';
import { type PickerOption, TagPicker } from '../tag-picker';
import { BodyEditor } from './body-editor';
import type { Draft, TagValue } from './draft';
import { AttachmentsField, ImagesField } from './media-fields';
import { SectionsField } from './sections-field';

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

/**
 * Every field of the article, by panel: text and body, classification, signature and dates, search engines and
 * access, media, sections. `change` applies an edit to the document; `generation` restarts the body editors.
 */
export function ArticleFields({
  draft,
  change,
  canEdit,
  generation,
  taxonomy,
  fieldError,
}: {
  draft: Draft;
  change: (update: (current: Draft) => Draft) => void;
  canEdit: boolean;
  generation: number;
  taxonomy: TaxonomyAnswer | null;
  fieldError: (field: string) => string | undefined;
}) {
  const set =
    <K extends keyof Draft>(name: K) =>
    (value: Draft[K]) =>
      change((current) => ({ ...current, [name]: value }));
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

  return (
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
