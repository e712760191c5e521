import { type InputHTMLAttributes, useId } from 'react';
import styles from './form-field.module.css';

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
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        {...input}
        id={id}
        className={styles.input}
        value={value}
        onChange={onValueChange ? (event) => onValueChange(event.target.value) : undefined}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
