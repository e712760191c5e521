'use client';

import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@/lib/contracts/admin';
import { SelectField } from '../fields';
import { ErrorAlert } from '../messages';
import styles from '../newsroom.module.css';
import { useStaff } from '../staff-shell';

export const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/** Pages for administrators only; others see why they cannot (the server refuses them anyway). */
export function AdministratorsOnly({ children }: { children: ReactNode }) {
  const { can } = useStaff();
  if (!can('staff.manage')) {
    return <ErrorAlert message="Cette page est réservée aux administrateurs." />;
  }
  return children;
}

/**
 * The items of a list call, loaded once (null until then); `reload` after a change. A failure goes to `fail`.
 */
export function useListItems<T>(list: () => Promise<{ items: T[] }>, fail: (failure: unknown) => void) {
  const [items, setItems] = useState<T[] | null>(null);
  const reload = () => {
    list()
      .then((answer) => setItems(answer.items))
      .catch(fail);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once; `fail` only sets state.
  useEffect(() => reload(), []);
  return { items, reload };
}

/** The role of a staff account or of an API key. */
export function RoleField({ value, onChange }: { value: StaffRole; onChange: (role: StaffRole) => void }) {
  return (
    <SelectField
      label="Rôle"
      value={value}
      onChange={(event) => onChange(event.target.value as StaffRole)}
      options={ROLE_OPTIONS}
    />
  );
}

/** The panel form that creates an account or a key: its heading names it, its fields sit two by two. */
export function CreationForm({
  id,
  title,
  submitLabel,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form className={styles.panel} onSubmit={onSubmit} noValidate aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className={styles.grid2}>{children}</div>
      <button type="submit" className={styles.primaryButton}>
        {submitLabel}
      </button>
    </form>
  );
}
