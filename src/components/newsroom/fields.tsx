import {
  type FormEventHandler,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { fromParisInput, toParisInput } from './format';
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

/** The ids and ARIA attributes a field's control takes from its frame. */
type ControlProps = {
  id: string;
  className: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * The frame every field shares: the label (with its "*" when required), the control that `children` draws with
 * the props given, then the hint and the error, tied to the control for screen readers.
 */
function FieldFrame({
  label,
  error,
  hint,
  required,
  children,
}: Common & { required?: boolean | undefined; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <Label id={id} label={label} required={required} />
      {children({
        id,
        className: styles.input,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(id, error, hint),
      })}
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

type InputFieldProps = Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A labelled input of the newsroom, its hint and error tied to it for screen readers. */
export function InputField({ label, error, hint, required, ...input }: InputFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required}>
      {(control) => <input {...input} {...control} required={required} />}
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  required,
  ...textarea
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required}>
      {(control) => <textarea {...textarea} {...control} required={required} />}
    </FieldFrame>
  );
}

type Option = { value: string; label: string };

export function SelectField({
  label,
  error,
  hint,
  options,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly Option[] }) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={select.required}>
      {(control) => (
        <select {...select} {...control}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/**
 * A select's options plus the current value when it is none of them (a value an import brought), shown as is:
 * the select keeps it instead of showing the first option while the document holds another value.
 */
export function withCurrentOption(options: readonly Option[], current: string): readonly Option[] {
  return options.some((option) => option.value === current)
    ? options
    : [...options, { value: current, label: current }];
}

/**
 * The 6-digit code of an authenticator application: digits only (anything else typed is dropped), offered to the
 * browser's one-time-code autofill. `onCode` receives the digits.
 */
export function VerificationCodeField({
  onCode,
  ...input
}: Omit<InputFieldProps, 'onChange'> & { onCode: (code: string) => void }) {
  return (
    <InputField
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      {...input}
      onChange={(event) => onCode(event.target.value.replace(/\D/g, ''))}
    />
  );
}

/** The e-mail address an account signs in with; the browser offers the sign-in name it saved. */
export function SignInEmailField(props: Omit<InputFieldProps, 'label' | 'type' | 'name' | 'autoComplete'>) {
  return (
    <InputField
      label="Adresse e-mail"
      type="email"
      name="email"
      autoComplete="username"
      required
      {...props}
    />
  );
}

/**
 * A datetime-local field over a UTC ISO instant (`value`), shown and typed in Paris time whatever the browser's
 * zone. `onInstant` receives the instant, or null when the field is emptied or not complete.
 */
export function ParisDateTimeField({
  value,
  onInstant,
  ...input
}: Omit<InputFieldProps, 'type' | 'value' | 'onChange'> & {
  value: string | null | undefined;
  onInstant: (instant: string | null) => void;
}) {
  return (
    <InputField
      {...input}
      type="datetime-local"
      value={value ? toParisInput(value) : ''}
      onChange={(event) => onInstant(fromParisInput(event.target.value))}
    />
  );
}

/**
 * A short form in a panel, its fields side by side: a list's filters, a quick creation, an import. `label` names
 * it for screen readers, as a page may have several.
 */
export function PanelForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form className={`${styles.panel} ${styles.filters}`} onSubmit={onSubmit} aria-label={label}>
      {children}
    </form>
  );
}
