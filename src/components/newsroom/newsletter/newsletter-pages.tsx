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
} from '@/client/newsroom/newsletter';
import {
  CAMPAIGN_STATUS_LABELS,
  type Campaign,
  type CampaignFailuresAnswer,
  type CampaignPreviewAnswer,
} from '@/lib/contracts/newsletter-campaigns';
import { SubmitRow } from '../buttons';
import { InputField, PanelForm, TextAreaField } from '../fields';
import { formatDateTime, fromParisInput, toParisInput } from '../format';
import { DataTable } from '../list-parts';
import { ErrorAlert, LiveNotice, Loading } from '../messages';
import styles from '../newsroom.module.css';
import { campaignPath } from '../site-paths';
import { useStaff } from '../staff-shell';
import { useLoad } from '../use-load';
import { CampaignResults } from './campaign-results';

/** Today in Paris, as a date field's value. */
function parisToday(): string {
  return toParisInput(new Date()).slice(0, 10);
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

  useLoad(
    useCallback((signal) => listCampaigns(signal).then((answer) => setCampaigns(answer.items)), []),
    setError,
  );

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
        <PanelForm label="Nouvelle campagne" onSubmit={create}>
          <InputField
            label="Numéro du"
            type="date"
            name="date"
            required
            defaultValue={parisToday()}
            hint="La campagne reprend les actualités de La Quotidienne de ce jour."
          />
          <SubmitRow disabled={busy}>Préparer la campagne</SubmitRow>
        </PanelForm>
      ) : null}
      <ErrorAlert message={error} />
      <h2>Historique des envois</h2>
      {campaigns === null ? (
        <Loading />
      ) : campaigns.length === 0 ? (
        <p>Aucune campagne pour l’instant.</p>
      ) : (
        <DataTable
          caption="Campagnes, de la plus récente à la plus ancienne"
          columns={['Objet', 'Numéro', 'Statut', 'Envoyés', 'Refusés', 'Destinataires', 'Terminée le']}
        >
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
              <td>{recipientsOf(campaign)}</td>
              <td>{formatDateTime(campaign.finishedAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

/** Its recipients once sending started; before, the confirmed subscribers a send would reach now. */
function recipientsOf(campaign: Campaign): string {
  if (campaign.status === 'draft' || campaign.status === 'scheduled') {
    return `${campaign.audience} (abonnés confirmés à ce jour)`;
  }
  return String(campaign.counts.total);
}

/** The confirmation asked before a send or a schedule, naming its audience. */
export function sendQuestion(campaign: Pick<Campaign, 'subject' | 'audience'>, at: string | null): string {
  const audience = `${campaign.audience} abonné${campaign.audience > 1 ? 's' : ''} confirmé${campaign.audience > 1 ? 's' : ''}`;
  return at
    ? `Programmer l’envoi de « ${campaign.subject} » à ${audience} le ${formatDateTime(at)} ?`
    : `Envoyer « ${campaign.subject} » maintenant à ${audience} ?`;
}

/** The two versions of the e-mail's preview, each shown by its button. */
const PREVIEW_VIEWS = [
  ['html', 'HTML'],
  ['text', 'Texte'],
] as const;

/** While a campaign is scheduled or sending, its counts are read again every second. */
const LIVE_STATUSES = new Set(['scheduled', 'sending']);

/** /redaction/newsletters/{id}: edit, preview, test, send or schedule, and follow the progress live. */
export function CampaignPage({ id }: { id: number }) {
  const { can } = useStaff();
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [preview, setPreview] = useState<CampaignPreviewAnswer | null>(null);
  const [view, setView] = useState<(typeof PREVIEW_VIEWS)[number][0]>('html');
  const [failures, setFailures] = useState<CampaignFailuresAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refreshPreview = useCallback(() => {
    previewCampaign(id)
      .then(setPreview)
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, [id]);

  useLoad(
    useCallback((signal) => getCampaign(id, signal).then(setCampaign), [id]),
    setError,
  );
  useEffect(refreshPreview, [refreshPreview]);

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
    return error ? <ErrorAlert message={error} /> : <Loading />;
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
    if (!window.confirm(sendQuestion(campaign, at))) return;
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
      <ErrorAlert message={error} />
      <LiveNotice message={notice} />

      <section className={styles.panel} aria-labelledby="progression">
        <h2 id="progression">Envoi</h2>
        <Progress campaign={campaign} id="campaign-progress" />
        <dl>
          <dt>Destinataires</dt>
          <dd>{recipientsOf(campaign)}</dd>
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
            <SubmitRow disabled={busy}>Envoyer aux abonnés</SubmitRow>
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

      {campaign.status === 'sending' || campaign.status === 'sent' ? (
        <CampaignResults
          id={id}
          version={`${campaign.status}:${campaign.counts.sent}:${campaign.counts.failed}`}
        />
      ) : null}

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
          <SubmitRow disabled={busy}>Enregistrer</SubmitRow>
        </form>
      ) : null}

      {can('newsletter.edit') ? (
        <PanelForm label="Envoyer un test" onSubmit={test}>
          <InputField label="Adresse de test" type="email" name="email" required autoComplete="email" />
          <SubmitRow kind="secondary" disabled={busy}>
            Envoyer un test
          </SubmitRow>
        </PanelForm>
      ) : null}

      <section className={styles.panel} aria-labelledby="apercu">
        <h2 id="apercu">Aperçu de l’e-mail</h2>
        <fieldset className={styles.actions}>
          <legend className="visually-hidden">Version de l’aperçu</legend>
          {PREVIEW_VIEWS.map(([value, label]) => (
            <button
              key={value}
              type="button"
              className={styles.secondaryButton}
              aria-pressed={view === value}
              onClick={() => setView(value)}
            >
              {label}
            </button>
          ))}
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
