import { type ReactNode, useId } from 'react';
import styles from './form-field.module.css';

/** What a labelled control needs from its frame: its id, its class and the attributes tying it to its message. */
export type ControlAttributes = {
  id: string;
  className: string | undefined;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A form field's frame: the label (with the spec's asterisk when required), the control the caller renders with
 * the attributes it is handed, and the error message tied to the control for screen readers. No client component:
 * a server-rendered form (the no-JavaScript fallback) uses it too.
 */
export function LabelledField({
  label,
  required,
  error,
  children: renderControl,
}: {
  label: string;
  required: boolean | undefined;
  error: string | null;
  children: (control: ControlAttributes) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {renderControl({
        id,
        className: styles.input,
        'aria-required': required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
