'use client';

import { type FormEvent, useState } from 'react';
import { createApiKey, listApiKeys, revokeApiKey } from '@/client/admin';
import {
  type ApiKey,
  type ApiKeyCreatedAnswer,
  STAFF_ROLE_LABELS,
  type StaffRole,
} from '@/lib/contracts/admin';
import { RowButton } from '../buttons';
import { InputField } from '../fields';
import { useFormErrors } from '../form-errors';
import { formatDateTime } from '../format';
import { DataTable } from '../list-parts';
import { ErrorAlert } from '../messages';
import styles from '../newsroom.module.css';
import { AdministratorsOnly, CreationForm, RoleField, useListItems } from './administration-parts';

export function ApiKeysPage() {
  return (
    <AdministratorsOnly>
      <ApiKeysAdministration />
    </AdministratorsOnly>
  );
}

function ApiKeysAdministration() {
  const [created, setCreated] = useState<ApiKeyCreatedAnswer | null>(null);
  const [form, setForm] = useState({ name: '', role: 'redacteur' as StaffRole });
  const { error, fields, clear, fail } = useFormErrors();
  const { items: keys, reload: load } = useListItems(listApiKeys, fail);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    try {
      setCreated(await createApiKey(form));
      setForm({ name: '', role: 'redacteur' });
      load();
    } catch (failure) {
      fail(failure);
    }
  };
  const revoke = async (key: ApiKey) => {
    if (!window.confirm(`Révoquer la clé « ${key.name} » ? Les appels qui l’utilisent seront refusés.`))
      return;
    clear();
    try {
      await revokeApiKey(key.id);
      load();
    } catch (failure) {
      fail(failure);
    }
  };

  return (
    <>
      <h1 className={styles.pageTitle}>Clés d’API</h1>
      <ErrorAlert message={error} />
      {created ? (
        <div className={styles.notice} role="status">
          <p>Clé « {created.name} » créée. Copiez-la maintenant : elle ne sera plus jamais affichée.</p>
          <p>
            <code>{created.secret}</code>
          </p>
          <button type="button" className={styles.secondaryButton} onClick={() => setCreated(null)}>
            J’ai copié la clé
          </button>
        </div>
      ) : null}
      <section className={styles.panel} aria-labelledby="cles-liste">
        <h2 id="cles-liste">Clés</h2>
        {keys ? (
          keys.length === 0 ? (
            <p>Aucune clé.</p>
          ) : (
            <DataTable columns={['Nom', 'Début de la clé', 'Rôle', 'Créée', 'Dernier usage', 'État']}>
              {keys.map((key) => (
                <tr key={key.id}>
                  <td>{key.name}</td>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>{STAFF_ROLE_LABELS[key.role]}</td>
                  <td>
                    {formatDateTime(key.createdAt)}
                    {key.createdBy ? ` par ${key.createdBy.name}` : ''}
                  </td>
                  <td>{formatDateTime(key.lastUsedAt) || 'Jamais'}</td>
                  <td>
                    {key.revokedAt ? (
                      `Révoquée le ${formatDateTime(key.revokedAt)}`
                    ) : (
                      <RowButton onClick={() => revoke(key)} context={`la clé ${key.name}`}>
                        Révoquer
                      </RowButton>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        ) : (
          <p className="loading">Chargement...</p>
        )}
      </section>
      <CreationForm id="cles-creation" title="Créer une clé" submitLabel="Créer la clé" onSubmit={submit}>
        <InputField
          label="Nom (système qui l’utilise)"
          required
          value={form.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
          error={fields.name}
        />
        <RoleField value={form.role} onChange={(role) => setForm({ ...form, role })} />
      </CreationForm>
    </>
  );
}
