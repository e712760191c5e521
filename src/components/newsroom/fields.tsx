import {
  type InputHTMLAttributes,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import styles from './newsroom.module.css';

type Common = { label: string; error?: string | null | undefined; hint?: string | undefined };

function describedBy(id: string, error: unknown, hint: unknown): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

function Messages({
  id,
  error,
  hint,
}: {
  id: string;
  error?: string | null | undefined;
  hint?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </>
  );
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean | undefined }) {
  return (
    <label htmlFor={id} className={styles.label}>
      {label}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
}

/** A labelled input of the newsroom, its hint and error tied to it for screen readers. */
export function InputField({
  label,
  error,
  hint,
  required,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <Label id={id} label={label} required={required} />
      <input
        {...input}
        id={id}
        required={required}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  required,
  ...textarea
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <Label id={id} label={label} required={required} />
      <textarea
        {...textarea}
        id={id}
        required={required}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  options,
  ...select
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & { options: readonly { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <Label id={id} label={label} required={select.required} />
      <select
        {...select}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}
