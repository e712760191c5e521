'use client';

import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@/client/admin';
import {
  createRedirect,
  deleteRedirect,
  importRedirectsCsv,
  listRedirects,
  listSubscribers,
  resubscribeSubscriber,
  SUBSCRIBERS_EXPORT_URL,
  subscriberDays,
  unsubscribeSubscriber,
} from '@/client/site-newsroom';
import type { RedirectListAnswer } from '@/lib/contracts/redirects';
import type { SubscriberDailyAnswer, SubscriberListAnswer } from '@/lib/contracts/subscribers';
import { RowButton, SubmitRow } from '../buttons';
import { InputField, PanelForm, SelectField } from '../fields';
import { usePageMessages } from '../form-errors';
import { formatDateTime } from '../format';
import { DataTable, Pager } from '../list-parts';
import { Loading, PageMessages } from '../messages';
import styles from '../newsroom.module.css';
import { useStaff } from '../staff-shell';
import { FileImportForm } from './file-import-form';

/** The server's field names of a redirect, as the form labels them. */
const REDIRECT_FIELD_LABELS: Record<string, string> = {
  fromPath: 'Ancienne adresse',
  toPath: 'Nouvelle adresse',
  status: 'Type',
};

/** A field of a redirect named as its form does, not by its internal name (an import's "ligne 3" stays). */
export const redirectFieldName = (field: string) => REDIRECT_FIELD_LABELS[field] ?? field;

/** /redaction/redirections: old addresses moved (301) or removed (410), one at a time or from a CSV file. */
export function RedirectsPage() {
  const { can } = useStaff();
  const canManage = can('redirect.manage');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<RedirectListAnswer | null>(null);
  const { error, details, notice, setError, run } = usePageMessages(redirectFieldName);
  const [status, setStatus] = useState<'301' | '410'>('301');

  const load = useCallback(() => {
    listRedirects({ q: query || undefined, page })
      .then(setAnswer)
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, [query, page, setError]);
  useEffect(load, [load]);

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    void run(async () => {
      const created = await createRedirect({
        fromPath: String(form.get('fromPath') ?? ''),
        status: status === '410' ? 410 : 301,
        ...(status === '301' ? { toPath: String(form.get('toPath') ?? '') } : {}),
      });
      formElement.reset();
      load();
      return `Redirection de ${created.fromPath} enregistrée.`;
    });
  };
  const upload = (file: File) =>
    run(async () => {
      const { imported } = await importRedirectsCsv(file);
      load();
      return `${imported} redirection(s) importée(s).`;
    });
  const remove = (fromPath: string) =>
    run(async () => {
      await deleteRedirect(fromPath);
      load();
      return `Redirection de ${fromPath} supprimée.`;
    });

  return (
    <>
      <h1 className={styles.pageTitle}>Redirections</h1>
      <PageMessages error={error} notice={notice} details={details} />
      {canManage ? (
        <>
          <PanelForm label="Nouvelle redirection" onSubmit={add}>
            <InputField label="Ancienne adresse" name="fromPath" required placeholder="/ancien/chemin" />
            <SelectField
              label="Type"
              name="status"
              value={status}
              onChange={(event) => setStatus(event.target.value === '410' ? '410' : '301')}
              options={[
                { value: '301', label: 'Déplacée (301)' },
                { value: '410', label: 'Supprimée (410)' },
              ]}
            />
            {status === '301' ? (
              <InputField label="Nouvelle adresse" name="toPath" required placeholder="/actualite/…" />
            ) : null}
            <SubmitRow>Ajouter</SubmitRow>
          </PanelForm>
          <FileImportForm
            name="Importer un fichier"
            label="Fichier CSV (ancien,nouveau,statut)"
            accept=".csv,text/csv"
            hint="Toutes les lignes ou aucune : une ligne fautive est signalée et rien n’est importé."
            onFile={upload}
          />
        </>
      ) : null}
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setQuery(String(new FormData(event.currentTarget).get('q') ?? '').trim());
        }}
        aria-label="Chercher une redirection"
      >
        <InputField label="Adresse contenant" name="q" defaultValue={query} />
        <SubmitRow kind="secondary">Chercher</SubmitRow>
      </form>
      {answer ? (
        <>
          <p>{answer.total} redirection(s)</p>
          <DataTable
            caption="Redirections, par ancienne adresse"
            columns={['Ancienne adresse', 'Nouvelle adresse', 'Type', 'Créée le']}
            actions={canManage}
            actionsHeading="Action"
          >
            {answer.items.map((item) => (
              <tr key={item.fromPath}>
                <td>{item.fromPath}</td>
                <td>{item.toPath ?? '—'}</td>
                <td>{item.status === 301 ? 'Déplacée (301)' : 'Supprimée (410)'}</td>
                <td>{formatDateTime(item.createdAt)}</td>
                {canManage ? (
                  <td>
                    <RowButton
                      onClick={() => remove(item.fromPath)}
                      context={`la redirection de ${item.fromPath}`}
                    >
                      Supprimer
                    </RowButton>
                  </td>
                ) : null}
              </tr>
            ))}
          </DataTable>
          <Pager label="Pages" list={answer} onPage={setPage} showPosition />
        </>
      ) : (
        <Loading />
      )}
    </>
  );
}

/** The confirmation asked before unsubscribing an address. */
export function unsubscribeQuestion(email: string): string {
  return `Désinscrire ${email} de la newsletter ? Cette adresse ne la recevra plus ; pour la réinscrire, il faudra qu’elle confirme à nouveau par e-mail.`;
}

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

  const unsubscribe = (email: string) => {
    if (!window.confirm(unsubscribeQuestion(email))) return;
    return run(async () => {
      await unsubscribeSubscriber(email);
      load();
      return `${email} ne recevra plus la newsletter.`;
    });
  };
  const resubscribe = (email: string) =>
    run(async () => {
      await resubscribeSubscriber(email);
      return `E-mail de confirmation envoyé à ${email} : l’abonnement reprendra quand la personne l’aura confirmé.`;
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
