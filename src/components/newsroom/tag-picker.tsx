'use client';

import { useMemo, useState } from 'react';
import { Combobox } from './combobox';
import styles from './newsroom.module.css';
import { normalizeSearchText } from './search-text';

export type PickerOption = { key: string; label: string; detail?: string };

type TagPickerProps<Option extends PickerOption> = {
  label: string;
  options: readonly Option[];
  selected: readonly Option[];
  onChange: (selected: Option[]) => void;
  hint?: string;
};

const MAX_SHOWN = 50;

/**
 * Several values chosen among a long list (topics, thematics, trades): the chosen ones as removable chips, and
 * a combobox filtering the others as one types (accents and case ignored).
 */
export function TagPicker<Option extends PickerOption>({
  label,
  options,
  selected,
  onChange,
  hint,
}: TagPickerProps<Option>) {
  const [text, setText] = useState('');
  const chosen = useMemo(() => new Set(selected.map((option) => option.key)), [selected]);
  const matches = useMemo(() => {
    const words = normalizeSearchText(text).split(' ').filter(Boolean);
    return options
      .filter((option) => !chosen.has(option.key))
      .filter((option) => {
        const haystack = normalizeSearchText(`${option.label} ${option.detail ?? ''}`);
        return words.every((word) => haystack.includes(word));
      })
      .slice(0, MAX_SHOWN);
  }, [options, chosen, text]);

  return (
    <fieldset className={styles.fieldset}>
      <legend>{label}</legend>
      {selected.length > 0 ? (
        <ul className={styles.chips} aria-label={`${label} choisis`}>
          {selected.map((option) => (
            <li key={option.key} className={styles.chip}>
              {option.label}
              <button
                type="button"
                aria-label={`Retirer ${option.label}`}
                onClick={() => onChange(selected.filter((item) => item.key !== option.key))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.hint}>Aucun choisi.</p>
      )}
      <Combobox
        label={`Ajouter : ${label.toLowerCase()}`}
        hint={hint}
        items={matches}
        itemKey={(option) => option.key}
        itemLabel={(option) => option.label}
        itemDetail={(option) => option.detail}
        onInputChange={setText}
        onSelect={(option) => {
          onChange([...selected, option]);
          setText('');
        }}
      />
    </fieldset>
  );
}
