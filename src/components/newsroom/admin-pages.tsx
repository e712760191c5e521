'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import {
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
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, auditDetailLines } from './audit-labels';
import { RowButton } from './buttons';
import { InputField, PanelForm, SelectField } from './fields';
import { useFormErrors } from './form-errors';
import { formatDateTime, fromParisInput } from './format';
import { DataTable, FilterActions, FilterSelect, Pager, searchParamsOf } from './list-parts';
import { ErrorAlert, StatusNotice } from './messages';
import styles from './newsroom.module.css';
import { useStaff } from './staff-shell';

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/** Pages for administrators only; others see why they cannot (the server refuses them anyway). */
function AdministratorsOnly({ children }: { children: ReactNode }) {
  const { can } = useStaff();
  if (!can('staff.manage')) {
    return <ErrorAlert message="Cette page est réservée aux administrateurs." />;
  }
  return children;
}

/**
 * The items of a list call, loaded once (null until then); `reload` after a change. A failure goes to `fail`.
 */
function useListItems<T>(list: () => Promise<{ items: T[] }>, fail: (failure: unknown) => void) {
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

/** The role of a staff account or of an API key. */
function RoleField({ value, onChange }: { value: StaffRole; onChange: (role: StaffRole) => void }) {
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
function CreationForm({
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

// API keys ------------------------------------------------------------------------------------------------

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
    const next = searchParamsOf(new FormData(event.currentTarget), AUDIT_FILTERS);
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
      <PanelForm key={query} label="Filtrer le journal" onSubmit={submit}>
        <FilterSelect
          label="Action"
          name="action"
          defaultValue={current.get('action')}
          all="Toutes"
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }))}
        />
        <FilterSelect
          label="Personne"
          name="staffId"
          defaultValue={current.get('staffId')}
          all="Tout le monde"
          options={staff.map((member) => ({ value: String(member.id), label: member.name }))}
        />
        <FilterSelect
          label="Objet"
          name="targetType"
          defaultValue={current.get('targetType')}
          all="Tous"
          options={Object.entries(AUDIT_TARGET_LABELS).map(([value, label]) => ({ value, label }))}
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
        <FilterActions resetHref={pathname} />
      </PanelForm>
      <ErrorAlert message={error} />
      {answer ? (
        <>
          <p className={styles.status} role="status">
            {answer.total.toLocaleString('fr-FR')} entrée{answer.total > 1 ? 's' : ''}
          </p>
          <DataTable columns={['Quand', 'Qui', 'Action', 'Objet', 'Depuis', 'Détails']}>
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
                <td>{AUDIT_ACTION_LABELS[entry.action]}</td>
                <td>
                  {[
                    entry.targetType ? (AUDIT_TARGET_LABELS[entry.targetType] ?? entry.targetType) : null,
                    entry.targetId,
                  ]
                    .filter(Boolean)
                    .join(' ')}
                </td>
                <td>{entry.address}</td>
                <td>
                  {auditDetailLines(entry.details).map((line) => (
                    <div key={line}>{line}</div>
                  ))}
                </td>
              </tr>
            ))}
          </DataTable>
          <Pager label="Pages du journal" list={answer} href={pageLink} showPosition />
        </>
      ) : error ? null : (
        <p className="loading">Chargement...</p>
      )}
    </>
  );
}
