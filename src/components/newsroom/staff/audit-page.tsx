'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage, listAudit, listStaff } from '@/client/admin';
import { AUDIT_ACTIONS, type AuditListAnswer, type StaffMember } from '@/lib/contracts/admin';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, auditDetailLines } from '../audit-labels';
import { InputField, PanelForm } from '../fields';
import { formatDateTime, fromParisInput } from '../format';
import { DataTable, FilterActions, FilterSelect, Pager, searchParamsOf } from '../list-parts';
import { ErrorAlert } from '../messages';
import styles from '../newsroom.module.css';
import { AdministratorsOnly } from './administration-parts';

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
