'use client';

import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@/client/admin';
import {
  listSubscribers,
  resubscribeSubscriber,
  SUBSCRIBERS_EXPORT_URL,
  subscriberDays,
  unsubscribeSubscriber,
} from '@/client/newsroom/newsletter';
import type { Subscriber, SubscriberDailyAnswer, SubscriberListAnswer } from '@/lib/contracts/subscribers';
import { RowButton, SubmitRow } from '../buttons';
import { InputField, PanelForm, SelectField } from '../fields';
import { usePageMessages } from '../form-errors';
import { formatDateTime } from '../format';
import { DataTable, Pager } from '../list-parts';
import { PageMessages } from '../messages';
import styles from '../newsroom.module.css';
import { useStaff } from '../staff-shell';
import { SubscriberAddForm, SubscriberImportPanel } from './subscriber-additions';

/** The confirmation asked before unsubscribing an address. */
export function unsubscribeQuestion(email: string): string {
  return `Désinscrire ${email} de la newsletter ? Cette adresse ne la recevra plus ; pour la réinscrire, il faudra qu’elle confirme à nouveau par e-mail.`;
}

/** The confirmation asked before offering a former subscriber to come back. */
export function resubscribeQuestion(email: string): string {
  return `Proposer à ${email} de se réinscrire ? Un e-mail de confirmation lui sera envoyé ; l’adresse ne recevra la newsletter qu’après avoir cliqué sur son lien.`;
}

const SOURCE_LABELS: Record<string, string> = {
  registration: 'Inscription au site',
  site: 'Bloc newsletter',
  import: 'Ajout par la rédaction',
};

/** The proof of consent of a row, « salon, 14/03/2026 », or a dash. */
function consentOf(item: Subscriber): string {
  if (!item.consentSource || !item.consentDate) return '—';
  return `${item.consentSource}, ${item.consentDate.split('-').reverse().join('/')}`;
}

/**
 * /redaction/abonnes: the newsletter's subscribers, counts by day, add one or import a CSV (with their consent),
 * unsubscribe or offer to resubscribe one, CSV export.
 */
export function SubscribersPage() {
  const { can } = useStaff();
  const canManage = can('subscriber.manage');
  const [filters, setFilters] = useState<{ q?: string; status?: string; page: number }>({ page: 1 });
  const [answer, setAnswer] = useState<SubscriberListAnswer | null>(null);
  const [days, setDays] = useState<SubscriberDailyAnswer | null>(null);
  const { error, details, notice, setError, run } = usePageMessages();

  const load = useCallback(() => {
    listSubscribers(filters)
      .then(setAnswer)
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, [filters, setError]);
  useEffect(load, [load]);
  useEffect(() => {
    subscriberDays(14)
      .then(setDays)
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, [setError]);

  const unsubscribe = (email: string) => {
    if (!window.confirm(unsubscribeQuestion(email))) return;
    return run(async () => {
      await unsubscribeSubscriber(email);
      load();
      return `${email} ne recevra plus la newsletter.`;
    });
  };
  const resubscribe = (email: string) => {
    if (!window.confirm(resubscribeQuestion(email))) return;
    return run(async () => {
      await resubscribeSubscriber(email);
      return `E-mail de confirmation envoyé à ${email} : l’abonnement reprendra quand la personne l’aura confirmé.`;
    });
  };

  return (
    <>
      <h1 className={styles.pageTitle}>Abonnés à la newsletter</h1>
      <PageMessages error={error} notice={notice} details={details} />
      {answer ? (
        <p>
          {answer.counts.active} abonné(s) actif(s), {answer.counts.inactive} désinscrit(s).
          {canManage ? (
            <>
              {' '}
              <a href={SUBSCRIBERS_EXPORT_URL} download>
                Exporter en CSV
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {canManage ? (
        <section aria-labelledby="ajouter-abonnes">
          <h2 id="ajouter-abonnes">Ajouter des abonnés</h2>
          <SubscriberAddForm run={run} onAdded={load} />
          <SubscriberImportPanel run={run} onImported={load} />
        </section>
      ) : null}
      <PanelForm
        label="Chercher un abonné"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const q = String(form.get('q') ?? '').trim();
          const status = String(form.get('status') ?? '');
          setFilters({ page: 1, ...(q ? { q } : {}), ...(status ? { status } : {}) });
        }}
      >
        <InputField label="Adresse contenant" name="q" />
        <SelectField
          label="Statut"
          name="status"
          options={[
            { value: '', label: 'Tous' },
            { value: 'active', label: 'Abonnés' },
            { value: 'inactive', label: 'Désinscrits' },
          ]}
        />
        <SubmitRow kind="secondary">Chercher</SubmitRow>
      </PanelForm>
      {answer ? (
        <>
          <DataTable
            caption="Abonnés, par adresse"
            columns={['Adresse', 'Statut', 'Origine', 'Consentement', 'Inscrit le', 'Désinscrit le']}
            actions={canManage}
            actionsHeading="Action"
          >
            {answer.items.map((item) => (
              <tr key={item.email}>
                <td>{item.email}</td>
                <td>{item.active ? 'Abonné' : 'Désinscrit'}</td>
                <td>{SOURCE_LABELS[item.source] ?? item.source}</td>
                <td>{consentOf(item)}</td>
                <td>{formatDateTime(item.subscribedAt)}</td>
                <td>{formatDateTime(item.unsubscribedAt)}</td>
                {canManage ? (
                  <td>
                    {item.active ? (
                      <RowButton onClick={() => unsubscribe(item.email)} context={item.email}>
                        Désinscrire
                      </RowButton>
                    ) : (
                      <RowButton onClick={() => resubscribe(item.email)} context={item.email}>
                        Réinscrire
                      </RowButton>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </DataTable>
          <Pager
            label="Pages"
            list={answer}
            onPage={(page) => setFilters({ ...filters, page })}
            showPosition
          />
        </>
      ) : null}
      {days ? (
        <section className={styles.panel} aria-labelledby="par-jour">
          <h2 id="par-jour">Inscriptions et désinscriptions par jour</h2>
          <DataTable columns={['Jour', 'Inscriptions', 'Désinscriptions']}>
            {days.days.map((day) => (
              <tr key={day.day}>
                <td>{day.day.split('-').reverse().join('/')}</td>
                <td>{day.subscribed}</td>
                <td>{day.unsubscribed}</td>
              </tr>
            ))}
          </DataTable>
        </section>
      ) : null}
    </>
  );
}
