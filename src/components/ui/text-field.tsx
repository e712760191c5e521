import type { InputHTMLAttributes } from 'react';
import { LabelledField } from './labelled-field';

/** What a form hands one of its fields: name and message, and in a client form its value and handlers. */
export type FieldBinding = {
  name: string;
  error: string | null;
  value?: string;
  onValueChange?: (value: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
};

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  /** Controlled by a client form; both absent in a server-rendered form (the no-JavaScript fallback). */
  value?: string;
  onValueChange?: (value: string) => void;
  /** The message under the field (spec section 5); null when valid. */
  error: string | null;
};

/**
 * A labelled input whose error message is tied to it for screen readers. No client component itself: a server
 * component may render it (uncontrolled) without shipping its code.
 */
export function TextField({ label, value, onValueChange, error, required, ...input }: TextFieldProps) {
  return (
    <LabelledField label={label} required={required} error={error}>
      {(control) => (
        <input
          {...input}
          {...control}
          value={value}
          onChange={onValueChange ? (event) => onValueChange(event.target.value) : undefined}
        />
      )}
    </LabelledField>
  );
}
