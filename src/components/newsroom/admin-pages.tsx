'use client';

import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import {
  AdminApiError,
  createApiKey,
  createStaff,
  errorMessage,
  listApiKeys,
  listAudit,
  listStaff,
  revokeApiKey,
  updateStaff,
} from '@/client/admin';
import {
  type ApiKey,
  type ApiKeyCreatedAnswer,
  AUDIT_ACTIONS,
  type AuditListAnswer,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
} from '@/lib/contracts/admin';
import { InputField, SelectField } from './fields';
import { formatDateTime, fromParisInput } from './format';
import styles from './newsroom.module.css';
import { useStaff } from './staff-shell';

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/** Pages for administrators only; others see why they cannot (the server refuses them anyway). */
function AdministratorsOnly({ children }: { children: ReactNode }) {
  const { can } = useStaff();
  if (!can('staff.manage')) {
    return (
      <p className={styles.alert} role="alert">
        Cette page est réservée aux administrateurs.
      </p>
    );
  }
  return children;
}

function useFieldErrors() {
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  return {
    error,
    fields,
    clear: () => {
      setError(null);
      setFields({});
    },
    fail: (failure: unknown) => {
      setError(errorMessage(failure));
      setFields(
        failure instanceof AdminApiError
          ? Object.fromEntries(failure.details.map((detail) => [detail.field, detail.message]))
          : {},
      );
    },
  };
}

// Staff ---------------------------------------------------------------------------------------------------

export function StaffPage() {
  return (
    <AdministratorsOnly>
      <StaffAdministration />
    </AdministratorsOnly>
  );
}

function StaffAdministration() {
  const { staff: me } = useStaff();
  const [members, setMembers] = useState<StaffMember[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { error, fields, clear, fail } = useFieldErrors();
  const [form, setForm] = useState({ name: '', email: '', role: 'redacteur' as StaffRole, password: '' });

  const load = useCallback(() => {
    listStaff()
      .then((answer) => setMembers(answer.items))
      .catch(fail);
  }, [fail]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once; `fail` only sets state.
  useEffect(() => load(), []);

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
      {message ? (
        <p className={styles.notice} role="status">
          {message}
        </p>
      ) : null}
      {error ? (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      ) : null}
      <section className={styles.panel} aria-labelledby="equipe-liste">
        <h2 id="equipe-liste">Comptes</h2>
        {members ? (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Nom</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Rôle</th>
                  <th scope="col">Double authentification</th>
                  <th scope="col">Dernière connexion</th>
                  <th scope="col">État</th>
                </tr>
              </thead>
              <tbody>
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
                        <>
                          {' '}
                          <button
                            type="button"
                            className={styles.linkButton}
                            onClick={() => change(member, { active: !member.active })}
                          >
                            {member.active ? 'Fermer' : 'Rouvrir'}
                            <span className="visually-hidden"> le compte de {member.name}</span>
                          </button>
                        </>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="loading">Chargement...</p>
        )}
      </section>
      <form className={styles.panel} onSubmit={submit} noValidate aria-labelledby="equipe-creation">
        <h2 id="equipe-creation">Créer un compte</h2>
        <div className={styles.grid2}>
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
          <SelectField
            label="Rôle"
            value={form.role}
            onChange={(event) => setForm({ ...form, role: event.target.value as StaffRole })}
            options={ROLE_OPTIONS}
          />
          <InputField
            label="Mot de passe (facultatif)"
            type="password"
            autoComplete="new-password"
            hint="Vide : la personne reçoit une invitation par e-mail pour choisir le sien."
            value={form.password}
            onChange={(event) => setForm({ ...form, password: event.target.value })}
            error={fields.password}
          />
        </div>
        <button type="submit" className={styles.primaryButton}>
          Créer le compte
        </button>
      </form>
    </>
  );
}

// API keys ------------------------------------------------------------------------------------------------

export function ApiKeysPage() {
  return (
    <AdministratorsOnly>
      <ApiKeysAdministration />
    </AdministratorsOnly>
  );
}

function ApiKeysAdministration() {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [created, setCreated] = useState<ApiKeyCreatedAnswer | null>(null);
  const [form, setForm] = useState({ name: '', role: 'redacteur' as StaffRole });
  const { error, fields, clear, fail } = useFieldErrors();
  const load = useCallback(() => {
    listApiKeys()
      .then((answer) => setKeys(answer.items))
      .catch(fail);
  }, [fail]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once; `fail` only sets state.
  useEffect(() => load(), []);

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
      {error ? (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      ) : null}
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
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Nom</th>
                    <th scope="col">Début de la clé</th>
                    <th scope="col">Rôle</th>
                    <th scope="col">Créée</th>
                    <th scope="col">Dernier usage</th>
                    <th scope="col">État</th>
                  </tr>
                </thead>
                <tbody>
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
                          <button type="button" className={styles.linkButton} onClick={() => revoke(key)}>
                            Révoquer<span className="visually-hidden"> la clé {key.name}</span>
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        ) : (
          <p className="loading">Chargement...</p>
        )}
      </section>
      <form className={styles.panel} onSubmit={submit} noValidate aria-labelledby="cles-creation">
        <h2 id="cles-creation">Créer une clé</h2>
        <div className={styles.grid2}>
          <InputField
            label="Nom (système qui l’utilise)"
            required
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
            error={fields.name}
          />
          <SelectField
            label="Rôle"
            value={form.role}
            onChange={(event) => setForm({ ...form, role: event.target.value as StaffRole })}
            options={ROLE_OPTIONS}
          />
        </div>
        <button type="submit" className={styles.primaryButton}>
          Créer la clé
        </button>
      </form>
    </>
  );
}

// Audit log -----------------------------------------------------------------------------------------------

const AUDIT_FILTERS = ['action', 'staffId', 'targetType', 'targetId', 'from', 'to'] as const;

export function AuditPage() {
  return (
    <AdministratorsOnly>
      <AuditLog />
    </AdministratorsOnly>
  );
}

function AuditLog() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [answer, setAnswer] = useState<AuditListAnswer | null>(null);
  const [staff, setStaff] = useState<StaffMember[]>([]);
  const [error, setError] = useState<string | null>(null);
  const query = params.toString();

  useEffect(() => {
    listStaff()
      .then((list) => setStaff(list.items))
      .catch(() => setStaff([]));
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const search = new URLSearchParams(query);
    const filters: Record<string, string> = {};
    for (const name of [...AUDIT_FILTERS, 'page'] as const) {
      const value = search.get(name);
      if (value) filters[name] = name === 'from' || name === 'to' ? (fromParisInput(value) ?? value) : value;
    }
    setError(null);
    listAudit({ ...filters, perPage: 50 }, controller.signal)
      .then(setAnswer)
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(failure));
      });
    return () => controller.abort();
  }, [query]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of AUDIT_FILTERS) {
      const value = form.get(name);
      if (typeof value === 'string' && value.trim()) next.set(name, value.trim());
    }
    router.push(`${pathname}?${next.toString()}`);
  };
  const pageLink = (page: number) => {
    const next = new URLSearchParams(query);
    next.set('page', String(page));
    return `${pathname}?${next.toString()}`;
  };
  const current = new URLSearchParams(query);

  return (
    <>
      <h1 className={styles.pageTitle}>Journal des actions</h1>
      <form
        key={query}
        className={`${styles.panel} ${styles.filters}`}
        onSubmit={submit}
        aria-label="Filtrer le journal"
      >
        <SelectField
          label="Action"
          name="action"
          defaultValue={current.get('action') ?? ''}
          options={[
            { value: '', label: 'Toutes' },
            ...AUDIT_ACTIONS.map((action) => ({ value: action, label: action })),
          ]}
        />
        <SelectField
          label="Personne"
          name="staffId"
          defaultValue={current.get('staffId') ?? ''}
          options={[
            { value: '', label: 'Tout le monde' },
            ...staff.map((member) => ({ value: String(member.id), label: member.name })),
          ]}
        />
        <SelectField
          label="Objet"
          name="targetType"
          defaultValue={current.get('targetType') ?? ''}
          options={[
            { value: '', label: 'Tous' },
            { value: 'article', label: 'Article' },
            { value: 'staff', label: 'Compte' },
            { value: 'api_key', label: 'Clé d’API' },
            { value: 'media', label: 'Média' },
          ]}
        />
        <InputField
          label="Identifiant de l’objet"
          name="targetId"
          defaultValue={current.get('targetId') ?? ''}
        />
        <InputField
          label="Depuis (heure de Paris)"
          type="datetime-local"
          name="from"
          defaultValue={current.get('from') ?? ''}
        />
        <InputField
          label="Jusqu’à (heure de Paris)"
          type="datetime-local"
          name="to"
          defaultValue={current.get('to') ?? ''}
        />
        <div className={styles.actions}>
          <button type="submit" className={styles.primaryButton}>
            Filtrer
          </button>
          <Link href={pathname} className={styles.secondaryButton}>
            Réinitialiser
          </Link>
        </div>
      </form>
      {error ? (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      ) : null}
      {answer ? (
        <>
          <p className={styles.status} role="status">
            {answer.total.toLocaleString('fr-FR')} entrée{answer.total > 1 ? 's' : ''}
          </p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Quand</th>
                  <th scope="col">Qui</th>
                  <th scope="col">Action</th>
                  <th scope="col">Objet</th>
                  <th scope="col">Depuis</th>
                  <th scope="col">Détails</th>
                </tr>
              </thead>
              <tbody>
                {answer.items.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatDateTime(entry.at)}</td>
                    <td>
                      {entry.actor.name ?? ''}{' '}
                      <span className={styles.hint}>
                        (
                        {
                          { staff: 'compte', api_key: 'clé d’API', system: 'système', anonymous: 'anonyme' }[
                            entry.actor.kind
                          ]
                        }
                        )
                      </span>
                    </td>
                    <td>{entry.action}</td>
                    <td>{[entry.targetType, entry.targetId].filter(Boolean).join(' ')}</td>
                    <td>{entry.address}</td>
                    <td>
                      {Object.keys(entry.details).length > 0 ? (
                        <code>{JSON.stringify(entry.details)}</code>
                      ) : (
                        ''
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {answer.pageCount > 1 ? (
            <nav className={styles.pager} aria-label="Pages du journal">
              {answer.page > 1 ? <Link href={pageLink(answer.page - 1)}>Page précédente</Link> : <span />}
              <span>
                Page {answer.page} sur {answer.pageCount}
              </span>
              {answer.page < answer.pageCount ? (
                <Link href={pageLink(answer.page + 1)}>Page suivante</Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      ) : error ? null : (
        <p className="loading">Chargement...</p>
      )}
    </>
  );
}
