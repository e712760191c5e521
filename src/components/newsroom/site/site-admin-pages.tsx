'use client';

import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { AdminApiError, errorMessage } from '@/client/admin';
import {
  createRedirect,
  deleteRedirect,
  importRedirectsCsv,
  listRedirects,
  listSubscribers,
  SUBSCRIBERS_EXPORT_URL,
  subscriberDays,
  unsubscribeSubscriber,
} from '@/client/site-newsroom';
import type { RedirectListAnswer } from '@/lib/contracts/redirects';
import type { SubscriberDailyAnswer, SubscriberListAnswer } from '@/lib/contracts/subscribers';
import { InputField, SelectField } from '../fields';
import { formatDateTime } from '../format';
import styles from '../newsroom.module.css';
import { useStaff } from '../staff-shell';

/** A page's error (with the server's field errors) and its polite notice. */
export function Messages({
  error,
  notice,
  details,
}: {
  error: string | null;
  notice: string | null;
  details?: string[];
}) {
  return (
    <>
      {error ? (
        <div className={styles.alert} role="alert">
          <p>{error}</p>
          {details && details.length > 0 ? (
            <ul>
              {details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div role="status" aria-live="polite">
        {notice ? <p className={styles.notice}>{notice}</p> : null}
      </div>
    </>
  );
}

/** /redaction/redirections: old addresses moved (301) or removed (410), one at a time or from a CSV file. */
export function RedirectsPage() {
  const { can } = useStaff();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<RedirectListAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [details, setDetails] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [status, setStatus] = useState<'301' | '410'>('301');

  const load = useCallback(() => {
    listRedirects({ q: query || undefined, page })
      .then(setAnswer)
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, [query, page]);
  useEffect(load, [load]);

  const report = (failure: unknown) => {
    setError(errorMessage(failure));
    setDetails(
      failure instanceof AdminApiError
        ? failure.details.map((detail) => `${detail.field} : ${detail.message}`)
        : [],
    );
  };
  const reset = () => {
    setError(null);
    setDetails([]);
    setNotice(null);
  };

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    reset();
    try {
      const created = await createRedirect({
        fromPath: String(form.get('fromPath') ?? ''),
        status: status === '410' ? 410 : 301,
        ...(status === '301' ? { toPath: String(form.get('toPath') ?? '') } : {}),
      });
      setNotice(`Redirection de ${created.fromPath} enregistrée.`);
      formElement.reset();
      load();
    } catch (failure) {
      report(failure);
    }
  };
  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) return;
    reset();
    try {
      const { imported } = await importRedirectsCsv(file);
      setNotice(`${imported} redirection(s) importée(s).`);
      load();
    } catch (failure) {
      report(failure);
    }
  };
  const remove = async (fromPath: string) => {
    reset();
    try {
      await deleteRedirect(fromPath);
      setNotice(`Redirection de ${fromPath} supprimée.`);
      load();
    } catch (failure) {
      report(failure);
    }
  };

  return (
    <>
      <h1 className={styles.pageTitle}>Redirections</h1>
      <Messages error={error} notice={notice} details={details} />
      {can('redirect.manage') ? (
        <>
          <form
            className={`${styles.panel} ${styles.filters}`}
            onSubmit={add}
            aria-label="Nouvelle redirection"
          >
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
            <div className={styles.actions}>
              <button type="submit" className={styles.primaryButton}>
                Ajouter
              </button>
            </div>
          </form>
          <form
            className={`${styles.panel} ${styles.filters}`}
            onSubmit={upload}
            aria-label="Importer un fichier"
          >
            <InputField
              label="Fichier CSV (ancien,nouveau,statut)"
              type="file"
              name="file"
              accept=".csv,text/csv"
              required
              hint="Toutes les lignes ou aucune : une ligne fautive est signalée et rien n’est importé."
            />
            <div className={styles.actions}>
              <button type="submit" className={styles.secondaryButton}>
                Importer
              </button>
            </div>
          </form>
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
        <div className={styles.actions}>
          <button type="submit" className={styles.secondaryButton}>
            Chercher
          </button>
        </div>
      </form>
      {answer ? (
        <>
          <p>{answer.total} redirection(s)</p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">Redirections, par ancienne adresse</caption>
              <thead>
                <tr>
                  <th scope="col">Ancienne adresse</th>
                  <th scope="col">Nouvelle adresse</th>
                  <th scope="col">Type</th>
                  <th scope="col">Créée le</th>
                  {can('redirect.manage') ? <th scope="col">Action</th> : null}
                </tr>
              </thead>
              <tbody>
                {answer.items.map((item) => (
                  <tr key={item.fromPath}>
                    <td>{item.fromPath}</td>
                    <td>{item.toPath ?? '—'}</td>
                    <td>{item.status === 301 ? 'Déplacée (301)' : 'Supprimée (410)'}</td>
                    <td>{formatDateTime(item.createdAt)}</td>
                    {can('redirect.manage') ? (
                      <td>
                        <button
                          type="button"
                          className={styles.linkButton}
                          onClick={() => remove(item.fromPath)}
                          aria-label={`Supprimer la redirection de ${item.fromPath}`}
                        >
                          Supprimer
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {answer.pageCount > 1 ? (
            <nav aria-label="Pages" className={styles.pager}>
              <button
                type="button"
                className={styles.secondaryButton}
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Page précédente
              </button>
              <span>
                Page {answer.page} sur {answer.pageCount}
              </span>
              <button
                type="button"
                className={styles.secondaryButton}
                disabled={page >= answer.pageCount}
                onClick={() => setPage(page + 1)}
              >
                Page suivante
              </button>
            </nav>
          ) : null}
        </>
      ) : (
        <p className="loading" role="status">
          Chargement...
        </p>
      )}
    </>
  );
}

/** /redaction/abonnes: the newsletter's subscribers, counts by day, unsubscribe one, CSV export. */
export function SubscribersPage() {
  const { can } = useStaff();
  const [filters, setFilters] = useState<{ q?: string; status?: string; page: number }>({ page: 1 });
  const [answer, setAnswer] = useState<SubscriberListAnswer | null>(null);
  const [days, setDays] = useState<SubscriberDailyAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(() => {
    listSubscribers(filters)
      .then(setAnswer)
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, [filters]);
  useEffect(load, [load]);
  useEffect(() => {
    subscriberDays(14)
      .then(setDays)
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, []);

  const unsubscribe = async (email: string) => {
    setError(null);
    setNotice(null);
    try {
      await unsubscribeSubscriber(email);
      setNotice(`${email} ne recevra plus la newsletter.`);
      load();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <>
      <h1 className={styles.pageTitle}>Abonnés à la newsletter</h1>
      <Messages error={error} notice={notice} />
      {answer ? (
        <p>
          {answer.counts.active} abonné(s) actif(s), {answer.counts.inactive} désinscrit(s).
          {can('subscriber.manage') ? (
            <>
              {' '}
              <a href={SUBSCRIBERS_EXPORT_URL} download>
                Exporter en CSV
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <form
        className={`${styles.panel} ${styles.filters}`}
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const q = String(form.get('q') ?? '').trim();
          const status = String(form.get('status') ?? '');
          setFilters({ page: 1, ...(q ? { q } : {}), ...(status ? { status } : {}) });
        }}
        aria-label="Chercher un abonné"
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
        <div className={styles.actions}>
          <button type="submit" className={styles.secondaryButton}>
            Chercher
          </button>
        </div>
      </form>
      {answer ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Abonnés, par adresse</caption>
            <thead>
              <tr>
                <th scope="col">Adresse</th>
                <th scope="col">Statut</th>
                <th scope="col">Origine</th>
                <th scope="col">Inscrit le</th>
                <th scope="col">Désinscrit le</th>
                {can('subscriber.manage') ? <th scope="col">Action</th> : null}
              </tr>
            </thead>
            <tbody>
              {answer.items.map((item) => (
                <tr key={item.email}>
                  <td>{item.email}</td>
                  <td>{item.active ? 'Abonné' : 'Désinscrit'}</td>
                  <td>{item.source === 'registration' ? 'Inscription au site' : 'Bloc newsletter'}</td>
                  <td>{formatDateTime(item.subscribedAt)}</td>
                  <td>{formatDateTime(item.unsubscribedAt)}</td>
                  {can('subscriber.manage') ? (
                    <td>
                      {item.active ? (
                        <button
                          type="button"
                          className={styles.linkButton}
                          onClick={() => unsubscribe(item.email)}
                          aria-label={`Désinscrire ${item.email}`}
                        >
                          Désinscrire
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
          {answer.pageCount > 1 ? (
            <nav aria-label="Pages" className={styles.pager}>
              <button
                type="button"
                className={styles.secondaryButton}
                disabled={filters.page <= 1}
                onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
              >
                Page précédente
              </button>
              <span>
                Page {answer.page} sur {answer.pageCount}
              </span>
              <button
                type="button"
                className={styles.secondaryButton}
                disabled={filters.page >= answer.pageCount}
                onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
              >
                Page suivante
              </button>
            </nav>
          ) : null}
        </div>
      ) : null}
      {days ? (
        <section className={styles.panel} aria-labelledby="par-jour">
          <h2 id="par-jour">Inscriptions et désinscriptions par jour</h2>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Jour</th>
                <th scope="col">Inscriptions</th>
                <th scope="col">Désinscriptions</th>
              </tr>
            </thead>
            <tbody>
              {days.days.map((day) => (
                <tr key={day.day}>
                  <td>{day.day.split('-').reverse().join('/')}</td>
                  <td>{day.subscribed}</td>
                  <td>{day.unsubscribed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}
