import type { SelectHTMLAttributes } from 'react';
import { LabelledField } from './labelled-field';

type SelectOption = { value: string; label: string };
/** A group of options (an <optgroup>); a plain option has no `options`. */
type SelectChoice = SelectOption & { options?: readonly SelectOption[] };

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  /** Controlled by a client form; both absent in a server-rendered form (the no-JavaScript fallback). */
  value?: string;
  onValueChange?: (value: string) => void;
  choices: readonly SelectChoice[];
  /** The empty first option's text. */
  placeholder: string;
  error: string | null;
};

/**
 * A labelled select, with option groups, whose error message is tied to it for screen readers. No client component
 * itself: a server component may render it (uncontrolled) without shipping its code.
 */
export function SelectField({
  label,
  value,
  onValueChange,
  choices,
  placeholder,
  error,
  required,
  ...select
}: SelectFieldProps) {
  return (
    <LabelledField label={label} required={required} error={error}>
      {(control) => (
        <select
          {...select}
          {...control}
          value={value}
          onChange={onValueChange ? (event) => onValueChange(event.target.value) : undefined}
        >
          <option value="">{placeholder}</option>
          {choices.map((choice) =>
            choice.options ? (
              <optgroup key={choice.value} label={choice.label}>
                {choice.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ) : (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ),
          )}
        </select>
      )}
    </LabelledField>
  );
}
