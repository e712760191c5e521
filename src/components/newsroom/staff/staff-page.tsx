'use client';

import { type FormEvent, useState } from 'react';
import { createStaff, listStaff, updateStaff } from '@/client/admin';
import { STAFF_ROLE_LABELS, type StaffMember, type StaffRole } from '@/lib/contracts/admin';
import { RowButton } from '../buttons';
import { InputField } from '../fields';
import { useFormErrors } from '../form-errors';
import { formatDateTime } from '../format';
import { DataTable } from '../list-parts';
import { ErrorAlert, StatusNotice } from '../messages';
import styles from '../newsroom.module.css';
import { useStaff } from '../staff-shell';
import {
  AdministratorsOnly,
  CreationForm,
  ROLE_OPTIONS,
  RoleField,
  useListItems,
} from './administration-parts';

/**
 * The confirmation a change of a staff account asks first, or null when it takes nothing away: a new role and a
 * closed account end the person's open sessions.
 */
export function staffChangeQuestion(
  member: Pick<StaffMember, 'name' | 'role'>,
  changes: { role?: StaffRole; active?: boolean },
): string | null {
  if (changes.role !== undefined && changes.role !== member.role) {
    return `Passer ${member.name} de ${STAFF_ROLE_LABELS[member.role]} à ${STAFF_ROLE_LABELS[changes.role]} ? Ses sessions ouvertes seront fermées : il lui faudra se reconnecter.`;
  }
  if (changes.active === false) {
    return `Fermer le compte de ${member.name} ? Ses sessions ouvertes seront fermées et il ne pourra plus se connecter.`;
  }
  return null;
}

export function StaffPage() {
  return (
    <AdministratorsOnly>
      <StaffAdministration />
    </AdministratorsOnly>
  );
}

function StaffAdministration() {
  const { staff: me } = useStaff();
  const [message, setMessage] = useState<string | null>(null);
  const { error, fields, clear, fail } = useFormErrors();
  const { items: members, reload: load } = useListItems(listStaff, fail);
  const [form, setForm] = useState({ name: '', email: '', role: 'redacteur' as StaffRole, password: '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    setMessage(null);
    try {
      const created = await createStaff({
        name: form.name,
        email: form.email,
        role: form.role,
        ...(form.password ? { password: form.password } : {}),
      });
      setMessage(
        created.passwordSet
          ? `Compte de ${created.name} créé.`
          : `Compte de ${created.name} créé : une invitation lui est envoyée par e-mail pour choisir son mot de passe.`,
      );
      setForm({ name: '', email: '', role: 'redacteur', password: '' });
      load();
    } catch (failure) {
      fail(failure);
    }
  };

  const change = async (member: StaffMember, changes: { role?: StaffRole; active?: boolean }) => {
    const question = staffChangeQuestion(member, changes);
    if (question && !window.confirm(question)) return;
    clear();
    setMessage(null);
    try {
      const updated = await updateStaff(member.id, changes);
      setMessage(`Compte de ${updated.name} modifié.`);
      load();
    } catch (failure) {
      fail(failure);
    }
  };

  return (
    <>
      <h1 className={styles.pageTitle}>Équipe</h1>
      <StatusNotice message={message} />
      <ErrorAlert message={error} />
      <section className={styles.panel} aria-labelledby="equipe-liste">
        <h2 id="equipe-liste">Comptes</h2>
        {members ? (
          <DataTable
            columns={['Nom', 'E-mail', 'Rôle', 'Double authentification', 'Dernière connexion', 'État']}
          >
            {members.map((member) => (
              <tr key={member.id}>
                <td>{member.name}</td>
                <td>{member.email}</td>
                <td>
                  {member.id === me.id ? (
                    STAFF_ROLE_LABELS[member.role]
                  ) : (
                    <select
                      className={styles.input}
                      aria-label={`Rôle de ${member.name}`}
                      value={member.role}
                      onChange={(event) => change(member, { role: event.target.value as StaffRole })}
                    >
                      {ROLE_OPTIONS.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
                <td>{member.totpEnabled ? 'Activée' : 'Non'}</td>
                <td>{formatDateTime(member.lastSignInAt)}</td>
                <td>
                  {member.active ? (member.passwordSet ? 'Actif' : 'Invitation envoyée') : 'Fermé'}
                  {member.id !== me.id ? (
                    <RowButton
                      spaced
                      onClick={() => change(member, { active: !member.active })}
                      context={`le compte de ${member.name}`}
                    >
                      {member.active ? 'Fermer' : 'Rouvrir'}
                    </RowButton>
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        ) : (
          <p className="loading">Chargement...</p>
        )}
      </section>
      <CreationForm
        id="equipe-creation"
        title="Créer un compte"
        submitLabel="Créer le compte"
        onSubmit={submit}
      >
        <InputField
          label="Nom"
          required
          value={form.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
          error={fields.name}
        />
        <InputField
          label="Adresse e-mail"
          type="email"
          required
          value={form.email}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
          error={fields.email}
        />
        <RoleField value={form.role} onChange={(role) => setForm({ ...form, role })} />
        <InputField
          label="Mot de passe (facultatif)"
          type="password"
          autoComplete="new-password"
          hint="Vide : la personne reçoit une invitation par e-mail pour choisir le sien."
          value={form.password}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
          error={fields.password}
        />
      </CreationForm>
    </>
  );
}
