'use client';

import { ConfirmButton, MoveButtons } from '../buttons';
import { InputField, SelectField, TextAreaField, withCurrentOption } from '../fields';
import styles from '../newsroom.module.css';
import { BodyEditor } from './body-editor';
import { emptySection, move, SECTION_TYPE_OPTIONS, type SectionValue } from './draft';
import { ImagesField } from './media-fields';

/**
 * The sections of an enriched news (spec section 3: an article with sections is enriched): added, reordered and
 * removed, each with its title, summary, type, images and body. Readers without access see only the first.
 */
export function SectionsField({
  sections,
  onChange,
  generation,
  readOnly,
  fieldError,
}: {
  sections: SectionValue[];
  onChange: (sections: SectionValue[]) => void;
  /** Body editors restart when the whole document is replaced. */
  generation: number;
  readOnly: boolean;
  fieldError: (field: string) => string | undefined;
}) {
  const update = (index: number, changes: Partial<SectionValue>) =>
    onChange(sections.map((section, at) => (at === index ? { ...section, ...changes } : section)));

  return (
    <section className={styles.panel} aria-labelledby="champ-sections">
      <h2 id="champ-sections">Sections (actualité enrichie)</h2>
      <p className={styles.hint}>
        Un article avec des sections est une actualité enrichie : les lecteurs non inscrits n’en voient que la
        première.
      </p>
      {sections.map((section, index) => {
        const name = `Section ${index + 1}`;
        return (
          <fieldset key={section.id} className={`${styles.fieldset} ${styles.section}`}>
            <legend>
              {name}
              {section.title ? ` : ${section.title}` : ''}
            </legend>
            <div className={styles.grid2}>
              <InputField
                label={`Titre de la section ${index + 1}`}
                required
                value={section.title}
                onChange={(event) => update(index, { title: event.target.value })}
                error={fieldError(`sections[${index}].title`)}
              />
              <SelectField
                label={`Type de la section ${index + 1}`}
                value={section.section_type}
                onChange={(event) => update(index, { section_type: event.target.value })}
                options={withCurrentOption(SECTION_TYPE_OPTIONS, section.section_type)}
              />
            </div>
            <TextAreaField
              label={`Résumé de la section ${index + 1}`}
              value={section.summary}
              onChange={(event) => update(index, { summary: event.target.value })}
            />
            <ImagesField
              label={`Images de la section ${index + 1}`}
              images={section.images}
              onChange={(images) => update(index, { images })}
            />
            <BodyEditor
              key={`${section.id}-${generation}`}
              label={`Corps de la section ${index + 1}`}
              initialHtml={section.view}
              onChange={(view) => update(index, { view })}
              readOnly={readOnly}
            />
            <div className={styles.actions}>
              <MoveButtons
                index={index}
                count={sections.length}
                context={`la section ${index + 1}`}
                onMove={(offset) => onChange(move(sections, index, offset))}
              />
              <ConfirmButton
                question={`Supprimer la section ${index + 1}${section.title ? ` « ${section.title} »` : ''} ?`}
                onConfirm={() => onChange(sections.filter((_, at) => at !== index))}
              >
                Supprimer<span className="visually-hidden"> la section {index + 1}</span>
              </ConfirmButton>
            </div>
          </fieldset>
        );
      })}
      <button
        type="button"
        className={styles.secondaryButton}
        onClick={() => onChange([...sections, emptySection()])}
      >
        Ajouter une section
      </button>
    </section>
  );
}
