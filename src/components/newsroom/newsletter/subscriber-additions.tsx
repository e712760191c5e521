'use client';

import { type FormEvent, useState } from 'react';
import { addSubscriber, importSubscribers } from '@/client/newsroom/newsletter';
import type { SubscriberImportReport } from '@/lib/contracts/subscribers';
import { TRADE_OPTIONS } from '@/lib/navigation';
import { SubmitRow } from '../buttons';
import { InputField, PanelForm, SelectField } from '../fields';
import { FileImportForm } from '../file-import-form';
import styles from '../newsroom.module.css';

type Run = (action: () => Promise<string>) => unknown;

const TRADE_CHOICES = [
  { value: '', label: 'Non précisé' },
  ...TRADE_OPTIONS.filter((trade) => trade.slug).map((trade) => ({ value: trade.slug, label: trade.label })),
];

/** The notice after adding one address: subscribed with its proof, or waiting for its owner's click. */
export function addedNotice(email: string, status: 'subscribed' | 'confirmation_sent'): string {
  return status === 'subscribed'
    ? `${email} est abonné(e), avec la preuve de consentement enregistrée.`
    : `E-mail de confirmation envoyé à ${email} : l’abonnement commencera quand la personne l’aura confirmé.`;
}

/** One address added by hand: without a proof of consent it gets the double opt-in e-mail. */
export function SubscriberAddForm({ run, onAdded }: { run: Run; onAdded: () => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const field = (name: string) => {
      const value = String(form.get(name) ?? '').trim();
      return value ? value : undefined;
    };
    const email = field('email') ?? '';
    const body = {
      email,
      ...(field('name') ? { name: field('name') } : {}),
      ...(field('trade') ? { trade: field('trade') } : {}),
      ...(field('consentSource') ? { consentSource: field('consentSource') } : {}),
      ...(field('consentDate') ? { consentDate: field('consentDate') } : {}),
    };
    run(async () => {
      const added = await addSubscriber(body);
      formElement.reset();
      onAdded();
      return addedNotice(added.email, added.status);
    });
  };
  return (
    <PanelForm label="Ajouter un abonné" onSubmit={submit}>
      <InputField label="Adresse e-mail" name="email" type="email" required autoComplete="off" />
      <InputField label="Nom" name="name" maxLength={200} />
      <SelectField label="Métier" name="trade" options={TRADE_CHOICES} />
      <InputField
        label="Source du consentement"
        name="consentSource"
        maxLength={200}
        hint="Où la personne a consenti (salon, formulaire papier…). Sans source ni date : e-mail de confirmation."
      />
      <InputField label="Date du consentement" name="consentDate" type="date" />
      <SubmitRow>Ajouter</SubmitRow>
    </PanelForm>
  );
}

/** The lines of a report's list, « ligne 4 : a@b.fr », at most 50 shown. */
function LineList({ title, items }: { title: string; items: { line: number; text: string }[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h3>
        {title} ({items.length})
      </h3>
      <ul>
        {items.slice(0, 50).map((item) => (
          <li key={item.line}>
            ligne {item.line} : {item.text}
          </li>
        ))}
      </ul>
      {items.length > 50 ? <p>… et {items.length - 50} autre(s).</p> : null}
    </>
  );
}

/** The report of a checked (or imported) file, then the button that imports it when nothing is refused. */
function ImportReport({
  report,
  onCommit,
}: {
  report: SubscriberImportReport;
  onCommit: (() => void) | null;
}) {
  const toImport = report.subscribed + report.confirmationSent;
  return (
    <section className={styles.panel} aria-labelledby="rapport-import">
      <h2 id="rapport-import">{report.committed ? 'Import terminé' : 'Vérification du fichier'}</h2>
      <ul>
        <li>{report.rows} ligne(s) lue(s)</li>
        <li>{report.subscribed} nouvelle(s) adresse(s) avec preuve de consentement : abonnées directement</li>
        <li>
          {report.confirmationSent} nouvelle(s) adresse(s) sans preuve de consentement : e-mail de
          confirmation (double opt-in)
        </li>
        <li>{report.alreadySubscribed.length} déjà abonnée(s) : inchangée(s)</li>
        <li>
          {report.unsubscribed.length} désinscrite(s) : non réinscrite(s) (seul « Réinscrire » peut leur
          proposer de revenir)
        </li>
        <li>{report.duplicates.length} doublon(s) dans le fichier : ignoré(s)</li>
        <li>{report.invalid.length} ligne(s) refusée(s)</li>
      </ul>
      <LineList
        title="Lignes refusées"
        items={report.invalid.map(({ line, reasons }) => ({ line, text: reasons.join(' ; ') }))}
      />
      <LineList
        title="Adresses désinscrites, non réinscrites"
        items={report.unsubscribed.map(({ line, email }) => ({ line, text: email }))}
      />
      <LineList
        title="Doublons"
        items={report.duplicates.map(({ line, email }) => ({ line, text: email }))}
      />
      {report.committed ? null : report.invalid.length > 0 ? (
        <p>Corrigez les lignes refusées puis vérifiez le fichier à nouveau : rien n’a été importé.</p>
      ) : toImport === 0 ? (
        <p>Aucune nouvelle adresse : rien à importer.</p>
      ) : onCommit ? (
        <div className={styles.actions}>
          <button type="button" className={styles.primaryButton} onClick={onCommit}>
            Importer {toImport} adresse(s)
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** A CSV of subscribers: checked first (a report, nothing written), then imported as a whole. */
export function SubscriberImportPanel({ run, onImported }: { run: Run; onImported: () => void }) {
  const [checked, setChecked] = useState<{ file: File; report: SubscriberImportReport } | null>(null);
  const check = (file: File) =>
    run(async () => {
      setChecked(null);
      const report = await importSubscribers(file, 'preview');
      setChecked({ file, report });
      return 'Fichier vérifié : rien n’est encore importé.';
    });
  const commit = (file: File) =>
    run(async () => {
      const report = await importSubscribers(file, 'commit');
      setChecked({ file, report });
      onImported();
      return `Import terminé : ${report.subscribed} abonnée(s), ${report.confirmationSent} e-mail(s) de confirmation en file d’envoi.`;
    });
  return (
    <>
      <FileImportForm
        name="Importer des abonnés"
        label="Fichier CSV d’abonnés"
        accept=".csv,text/csv"
        hint="Colonnes : email (obligatoire), source_consentement, date_consentement (AAAA-MM-JJ ou JJ/MM/AAAA), nom, metier. 2 Mo et 10 000 lignes au plus. Sans source et date de consentement, la personne reçoit un e-mail de confirmation."
        submitLabel="Vérifier le fichier"
        onFile={check}
      />
      {checked ? <ImportReport report={checked.report} onCommit={() => commit(checked.file)} /> : null}
    </>
  );
}
