'use client';

import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@/client/admin';
import {
  listSubscribers,
  SUBSCRIBERS_EXPORT_URL,
  subscriberDays,
  unsubscribeSubscriber,
} from '@/client/newsroom/newsletter';
import type { SubscriberDailyAnswer, SubscriberListAnswer } from '@/lib/contracts/subscribers';
import { RowButton, SubmitRow } from '../buttons';
import { InputField, PanelForm, SelectField } from '../fields';
import { usePageMessages } from '../form-errors';
import { formatDateTime } from '../format';
import { DataTable, Pager } from '../list-parts';
import { PageMessages } from '../messages';
import styles from '../newsroom.module.css';
import { useStaff } from '../staff-shell';

/** /redaction/abonnes: the newsletter's subscribers, counts by day, unsubscribe one, CSV export. */
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

  const unsubscribe = (email: string) =>
    run(async () => {
      await unsubscribeSubscriber(email);
      load();
      return `${email} ne recevra plus la newsletter.`;
    });

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
            columns={['Adresse', 'Statut', 'Origine', 'Inscrit le', 'Désinscrit le']}
            actions={canManage}
            actionsHeading="Action"
          >
            {answer.items.map((item) => (
              <tr key={item.email}>
                <td>{item.email}</td>
                <td>{item.active ? 'Abonné' : 'Désinscrit'}</td>
                <td>{item.source === 'registration' ? 'Inscription au site' : 'Bloc newsletter'}</td>
                <td>{formatDateTime(item.subscribedAt)}</td>
                <td>{formatDateTime(item.unsubscribedAt)}</td>
                {canManage ? (
                  <td>
                    {item.active ? (
                      <RowButton onClick={() => unsubscribe(item.email)} context={item.email}>
                        Désinscrire
                      </RowButton>
                    ) : null}
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
