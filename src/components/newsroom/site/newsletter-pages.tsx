'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@/client/admin';
import {
  cancelCampaign,
  createCampaign,
  getCampaign,
  listCampaignFailures,
  listCampaigns,
  patchCampaign,
  previewCampaign,
  sendCampaign,
  testCampaign,
} from '@/client/site-newsroom';
import {
  CAMPAIGN_STATUS_LABELS,
  type Campaign,
  type CampaignFailuresAnswer,
  type CampaignPreviewAnswer,
} from '@/lib/contracts/newsletter-campaigns';
import { InputField, TextAreaField } from '../fields';
import { formatDateTime, fromParisInput, toParisInput } from '../format';
import styles from '../newsroom.module.css';
import { useStaff } from '../staff-shell';
import { campaignPath } from './paths';

/** Today in Paris, as a date field's value. */
function parisToday(): string {
  return toParisInput(new Date()).slice(0, 10);
}

function Alert({ message }: { message: string | null }) {
  return message ? (
    <p className={styles.alert} role="alert">
      {message}
    </p>
  ) : null;
}

/** The sent share of a campaign, as a labelled progress bar. */
function Progress({ campaign, id }: { campaign: Campaign; id: string }) {
  return (
    <>
      <label htmlFor={id} className={styles.label}>
        Progression : {campaign.progress} %
      </label>
      <progress id={id} max={100} value={campaign.progress}>
        {campaign.progress} %
      </progress>
    </>
  );
}

/** /redaction/newsletters: the history of campaigns and a new one from a day's issue. */
export function NewslettersPage() {
  const router = useRouter();
  const { can } = useStaff();
  const [campaigns, setCampaigns] = useState<Campaign[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    listCampaigns(controller.signal)
      .then((answer) => setCampaigns(answer.items))
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(failure));
      });
    return () => controller.abort();
  }, []);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const date = new FormData(event.currentTarget).get('date');
    if (typeof date !== 'string' || !date) return;
    setBusy(true);
    setError(null);
    try {
      const campaign = await createCampaign(date);
      router.push(campaignPath(campaign.id));
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className={styles.pageTitle}>Newsletters</h1>
      {can('newsletter.edit') ? (
        <form
          className={`${styles.panel} ${styles.filters}`}
          onSubmit={create}
          aria-label="Nouvelle campagne"
        >
          <InputField
            label="Numéro du"
            type="date"
            name="date"
            required
            defaultValue={parisToday()}
            hint="La campagne reprend les actualités de La Quotidienne de ce jour."
          />
          <div className={styles.actions}>
            <button type="submit" className={styles.primaryButton} disabled={busy}>
              Préparer la campagne
            </button>
          </div>
        </form>
      ) : null}
      <Alert message={error} />
      <h2>Historique des envois</h2>
      {campaigns === null ? (
        <p className="loading" role="status">
          Chargement...
        </p>
      ) : campaigns.length === 0 ? (
        <p>Aucune campagne pour l’instant.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Campagnes, de la plus récente à la plus ancienne</caption>
            <thead>
              <tr>
                <th scope="col">Objet</th>
                <th scope="col">Numéro</th>
                <th scope="col">Statut</th>
                <th scope="col">Envoyés</th>
                <th scope="col">Refusés</th>
                <th scope="col">Destinataires</th>
                <th scope="col">Terminée le</th>
              </tr>
            </thead>
            <tbody>
              {campaigns.map((campaign) => (
                <tr key={campaign.id}>
                  <td>
                    <Link href={campaignPath(campaign.id)}>{campaign.subject}</Link>
                    {campaign.automatic ? ' (automatique)' : ''}
                  </td>
                  <td>{campaign.issueDate.split('-').reverse().join('/')}</td>
                  <td>{CAMPAIGN_STATUS_LABELS[campaign.status]}</td>
                  <td>{campaign.counts.sent}</td>
                  <td>{campaign.counts.failed}</td>
                  <td>{campaign.counts.total}</td>
                  <td>{formatDateTime(campaign.finishedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** While a campaign is scheduled or sending, its counts are read again every second. */
const LIVE_STATUSES = new Set(['scheduled', 'sending']);

/** /redaction/newsletters/{id}: edit, preview, test, send or schedule, and follow the progress live. */
export function CampaignPage({ id }: { id: number }) {
  const { can } = useStaff();
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [preview, setPreview] = useState<CampaignPreviewAnswer | null>(null);
  const [view, setView] = useState<'html' | 'text'>('html');
  const [failures, setFailures] = useState<CampaignFailuresAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refreshPreview = useCallback(() => {
    previewCampaign(id)
      .then(setPreview)
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, [id]);

  useEffect(() => {
    const controller = new AbortController();
    getCampaign(id, controller.signal)
      .then(setCampaign)
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(failure));
      });
    refreshPreview();
    return () => controller.abort();
  }, [id, refreshPreview]);

  const live = campaign ? LIVE_STATUSES.has(campaign.status) : false;
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      getCampaign(id)
        .then(setCampaign)
        .catch(() => {});
    }, 1_000);
    return () => clearInterval(timer);
  }, [id, live]);

  const failed = campaign?.counts.failed ?? 0;
  useEffect(() => {
    if (failed > 0)
      listCampaignFailures(id)
        .then(setFailures)
        .catch(() => {});
  }, [id, failed]);

  const act = async (action: () => Promise<string | null>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setNotice(await action());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!campaign) {
    return error ? (
      <Alert message={error} />
    ) : (
      <p className="loading" role="status">
        Chargement...
      </p>
    );
  }

  const editable = campaign.status === 'draft' && can('newsletter.edit');
  const sendable = (campaign.status === 'draft' || campaign.status === 'scheduled') && can('newsletter.send');

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void act(async () => {
      setCampaign(
        await patchCampaign(id, { subject: String(form.get('subject')), intro: String(form.get('intro')) }),
      );
      refreshPreview();
      return 'Campagne enregistrée.';
    });
  };
  const test = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email'));
    void act(async () => `Test envoyé à ${(await testCampaign(id, email)).email}.`);
  };
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('at') ?? '');
    const at = value ? fromParisInput(value) : null;
    if (value && !at) {
      setError('Date et heure d’envoi invalides.');
      return;
    }
    void act(async () => {
      setCampaign(await sendCampaign(id, at ?? undefined));
      return at ? `Envoi programmé le ${formatDateTime(at)}.` : 'Envoi lancé.';
    });
  };
  const cancel = () =>
    act(async () => {
      setCampaign(await cancelCampaign(id));
      return 'Envoi annulé.';
    });

  return (
    <>
      <h1 className={styles.pageTitle}>{campaign.subject}</h1>
      <p>
        Numéro du {campaign.issueDate.split('-').reverse().join('/')} · statut{' '}
        <strong>{CAMPAIGN_STATUS_LABELS[campaign.status]}</strong>
        {campaign.scheduledAt && campaign.status === 'scheduled'
          ? ` · envoi prévu le ${formatDateTime(campaign.scheduledAt)}`
          : ''}
      </p>
      <Alert message={error} />
      <div role="status" aria-live="polite">
        {notice ? <p className={styles.notice}>{notice}</p> : null}
      </div>

      <section className={styles.panel} aria-labelledby="progression">
        <h2 id="progression">Envoi</h2>
        <Progress campaign={campaign} id="campaign-progress" />
        <dl>
          <dt>Destinataires</dt>
          <dd>{campaign.counts.total}</dd>
          <dt>Envoyés</dt>
          <dd>{campaign.counts.sent}</dd>
          <dt>Refusés</dt>
          <dd>{campaign.counts.failed}</dd>
          <dt>En attente</dt>
          <dd>{campaign.counts.pending + campaign.counts.sending}</dd>
          <dt>Renvoyés après un incident</dt>
          <dd>{campaign.counts.retried}</dd>
        </dl>
        {sendable ? (
          <form onSubmit={send} aria-label="Envoyer la campagne" className={styles.filters}>
            <InputField
              label="Programmer à (heure de Paris)"
              type="datetime-local"
              name="at"
              hint="Laisser vide pour envoyer tout de suite."
            />
            <div className={styles.actions}>
              <button type="submit" className={styles.primaryButton} disabled={busy}>
                Envoyer aux abonnés
              </button>
            </div>
          </form>
        ) : null}
        {live && can('newsletter.send') ? (
          <button type="button" className={styles.dangerButton} onClick={cancel} disabled={busy}>
            {campaign.status === 'scheduled' ? 'Annuler la programmation' : 'Arrêter l’envoi'}
          </button>
        ) : null}
        {failures && failures.items.length > 0 ? (
          <>
            <h3>Adresses refusées</h3>
            <ul>
              {failures.items.map((item) => (
                <li key={item.email}>
                  {item.email} : {item.error}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      {editable ? (
        <form className={styles.panel} onSubmit={save} aria-labelledby="contenu-campagne">
          <h2 id="contenu-campagne">Contenu</h2>
          <InputField label="Objet" name="subject" required maxLength={200} defaultValue={campaign.subject} />
          <TextAreaField
            label="Introduction"
            name="intro"
            rows={4}
            maxLength={2000}
            defaultValue={campaign.intro}
            hint="Texte simple, un paragraphe par ligne, avant les actualités."
          />
          <div className={styles.actions}>
            <button type="submit" className={styles.primaryButton} disabled={busy}>
              Enregistrer
            </button>
          </div>
        </form>
      ) : null}

      {can('newsletter.edit') ? (
        <form className={`${styles.panel} ${styles.filters}`} onSubmit={test} aria-label="Envoyer un test">
          <InputField label="Adresse de test" type="email" name="email" required autoComplete="email" />
          <div className={styles.actions}>
            <button type="submit" className={styles.secondaryButton} disabled={busy}>
              Envoyer un test
            </button>
          </div>
        </form>
      ) : null}

      <section className={styles.panel} aria-labelledby="apercu">
        <h2 id="apercu">Aperçu de l’e-mail</h2>
        <fieldset className={styles.actions}>
          <legend className="visually-hidden">Version de l’aperçu</legend>
          <button
            type="button"
            className={styles.secondaryButton}
            aria-pressed={view === 'html'}
            onClick={() => setView('html')}
          >
            HTML
          </button>
          <button
            type="button"
            className={styles.secondaryButton}
            aria-pressed={view === 'text'}
            onClick={() => setView('text')}
          >
            Texte
          </button>
        </fieldset>
        {preview ? (
          view === 'html' ? (
            <iframe
              title="Aperçu HTML de l’e-mail"
              srcDoc={preview.html}
              sandbox=""
              style={{ width: '100%', height: '70vh', border: '1px solid #c5cad3' }}
            />
          ) : (
            <pre style={{ whiteSpace: 'pre-wrap' }}>{preview.text}</pre>
          )
        ) : (
          <p className="loading">Chargement...</p>
        )}
      </section>
      <p>
        <Link href="/redaction/newsletters">Retour aux newsletters</Link>
      </p>
    </>
  );
}
