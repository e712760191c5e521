import 'server-only';
import { parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  SUBSCRIBER_IMPORT_LIMITS,
  type SubscriberAddAnswer,
  type SubscriberAddBody,
  type SubscriberImportReport,
} from '@/lib/contracts/subscribers';
import { parisIsoDay } from '@/lib/dates';
import { TRADE_OPTIONS } from '@/lib/navigation';
import { isValidEmail } from '@/lib/validation';
import { newsletterConfirmationEmail } from '../accounts/emails';
import { normalizeEmail } from '../accounts/request-context';
import { issueTokens } from '../accounts/tokens';
import type { Db } from '../db/client';
import { newsletterSubscribers } from '../db/schema';
import { queueEmailsPaced } from '../email/outbox';
import { env } from '../env';
import { AppError } from '../http/errors';
import { recordAudit } from '../staff/audit';
import type { StaffPrincipal } from '../staff/auth';

// Subscribers added by staff, one or a CSV file of them. Nobody is subscribed without consent: an address comes
// with the proof of it (where and when it was given, both kept on its row) or gets the double opt-in e-mail,
// queued through the outbox at the newsletter's rate. A former subscriber is never subscribed again this way.

/** Where staff-added subscribers come from (the list's « Origine »). */
const STAFF_SOURCE = 'import';

/** The trade of a row: a slug of the trade filter or its label, any case; stored as the slug. */
const TRADES = new Map(
  TRADE_OPTIONS.filter((trade) => trade.slug).flatMap((trade) => [
    [trade.slug, trade.slug],
    [trade.label.toLowerCase(), trade.slug],
  ]),
);

/** A consent day as files write it: 2026-03-14 or 14/03/2026. */
function isoDay(value: string): string | null {
  const french = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const day = french ? `${french[3]}-${french[2]}-${french[1]}` : value;
  return z.iso.date().safeParse(day).success ? day : null;
}

const rowSchema = z
  .object({
    email: z
      .string()
      .min(1, 'adresse e-mail manquante')
      .max(254, 'adresse e-mail trop longue')
      .refine((value) => value === '' || isValidEmail(value), 'adresse e-mail invalide'),
    name: z.string().max(200, 'nom trop long (200 caractères au plus)'),
    trade: z.string().refine((value) => value === '' || TRADES.has(value.toLowerCase()), {
      message: `métier inconnu (valeurs possibles : ${[...TRADES.keys()].filter((key) => !key.includes(' ')).join(', ')})`,
    }),
    consentSource: z.string().max(200, 'source du consentement trop longue (200 caractères au plus)'),
    consentDate: z.string().refine((value) => value === '' || isoDay(value) !== null, {
      message: 'date du consentement invalide (AAAA-MM-JJ ou JJ/MM/AAAA)',
    }),
  })
  .superRefine((row, context) => {
    if ((row.consentSource === '') !== (row.consentDate === '')) {
      context.addIssue({
        code: 'custom',
        message: 'la source et la date du consentement vont ensemble : indiquez les deux ou aucune',
      });
    }
    const day = isoDay(row.consentDate);
    if (day && day > parisIsoDay(new Date())) {
      context.addIssue({ code: 'custom', message: 'date du consentement dans le futur' });
    }
  });

/** A checked row: the address normalised, the proof of consent when the row has one. */
type Candidate = {
  line: number;
  email: string;
  name: string | null;
  trade: string | null;
  consent: { source: string; date: string } | null;
};

function candidateOf(line: number, fields: z.output<typeof rowSchema>): Candidate {
  const consentDate = isoDay(fields.consentDate);
  return {
    line,
    email: normalizeEmail(fields.email),
    name: fields.name || null,
    trade: fields.trade ? (TRADES.get(fields.trade.toLowerCase()) ?? null) : null,
    consent: fields.consentSource && consentDate ? { source: fields.consentSource, date: consentDate } : null,
  };
}

/** Header names a file may use for each column (lower case, without accents or spaces). */
const COLUMN_NAMES: Record<keyof z.input<typeof rowSchema>, string[]> = {
  email: ['email', 'e-mail', 'mail', 'adresse', 'courriel'],
  name: ['nom', 'name'],
  trade: ['metier', 'trade'],
  consentSource: ['source_consentement', 'consentement_source', 'source', 'consent_source'],
  consentDate: ['date_consentement', 'consentement_date', 'date', 'consent_date'],
};

function headerKey(cell: string): string {
  return cell.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/\s+/g, '_');
}

/** The file's rows with their line numbers, or a 400 naming what is wrong with the file as a whole. */
function readRows(csv: string): { line: number; cells: Record<string, string> }[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, {
      bom: true,
      delimiter: [',', ';', '\t'],
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 4_000,
      to: SUBSCRIBER_IMPORT_LIMITS.maxRows + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw new AppError(
      'bad_request',
      `Fichier CSV illisible : ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const [header, ...body] = records;
  if (!header) throw new AppError('bad_request', 'Le fichier est vide.');
  if (body.length > SUBSCRIBER_IMPORT_LIMITS.maxRows) {
    throw new AppError(
      'payload_too_large',
      `Le fichier dépasse ${SUBSCRIBER_IMPORT_LIMITS.maxRows.toLocaleString('fr-FR').replace(/\s/g, ' ')} lignes : découpez-le en plusieurs fichiers.`,
    );
  }
  const keys = header.record.map(headerKey);
  const columnOf = Object.fromEntries(
    Object.entries(COLUMN_NAMES).map(([field, names]) => [
      field,
      keys.findIndex((key) => names.includes(key)),
    ]),
  ) as Record<keyof typeof COLUMN_NAMES, number>;
  if (columnOf.email < 0) {
    throw new AppError(
      'bad_request',
      'La première ligne doit nommer les colonnes, dont « email » (et « source_consentement », « date_consentement », « nom », « metier » si le fichier en a).',
    );
  }
  return body.map(({ record, info }) => ({
    line: info.lines,
    cells: Object.fromEntries(
      Object.entries(columnOf).map(([field, column]) => [field, column < 0 ? '' : (record[column] ?? '')]),
    ),
  }));
}

/** The addresses already known, active or not, among `emails` (read 1,000 at a time). */
async function knownAddresses(db: Db, emails: string[]): Promise<Map<string, boolean>> {
  const known = new Map<string, boolean>();
  for (let start = 0; start < emails.length; start += 1_000) {
    const rows = await db
      .select({ email: newsletterSubscribers.email, active: newsletterSubscribers.active })
      .from(newsletterSubscribers)
      .where(inArray(newsletterSubscribers.email, emails.slice(start, start + 1_000)));
    for (const row of rows) known.set(row.email, row.active);
  }
  return known;
}

type Plan = { report: SubscriberImportReport; consented: Candidate[]; toConfirm: Candidate[] };

/** Sorts the file's rows: refused, repeated, already known, and the new ones with or without consent. */
async function plan(db: Db, csv: string): Promise<Plan> {
  const rows = readRows(csv);
  const report: SubscriberImportReport = {
    committed: false,
    rows: rows.length,
    subscribed: 0,
    confirmationSent: 0,
    alreadySubscribed: [],
    unsubscribed: [],
    duplicates: [],
    invalid: [],
  };
  const candidates: Candidate[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, cells } of rows) {
    const checked = rowSchema.safeParse(cells);
    if (!checked.success) {
      report.invalid.push({ line, reasons: checked.error.issues.map((issue) => issue.message) });
      continue;
    }
    const candidate = candidateOf(line, checked.data);
    if (firstLine.has(candidate.email)) {
      report.duplicates.push({ line, email: candidate.email });
      continue;
    }
    firstLine.set(candidate.email, line);
    candidates.push(candidate);
  }
  const known = await knownAddresses(
    db,
    candidates.map((candidate) => candidate.email),
  );
  const consented: Candidate[] = [];
  const toConfirm: Candidate[] = [];
  for (const candidate of candidates) {
    const active = known.get(candidate.email);
    if (active === true) report.alreadySubscribed.push({ line: candidate.line, email: candidate.email });
    else if (active === false) report.unsubscribed.push({ line: candidate.line, email: candidate.email });
    else (candidate.consent ? consented : toConfirm).push(candidate);
  }
  report.subscribed = consented.length;
  report.confirmationSent = toConfirm.length;
  return { report, consented, toConfirm };
}

/**
 * Writes a plan in one transaction: the consented addresses subscribed with their proof, a confirmation token
 * and its e-mail for the others. An address subscribed meanwhile (by its owner) is left as it is.
 */
async function write(
  db: Db,
  principal: StaffPrincipal,
  { consented, toConfirm }: Pick<Plan, 'consented' | 'toConfirm'>,
  audit: { action: 'subscriber.add' | 'subscriber.import'; id: string; details: Record<string, unknown> },
): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    for (let start = 0; start < consented.length; start += 1_000) {
      await tx
        .insert(newsletterSubscribers)
        .values(
          consented.slice(start, start + 1_000).map((candidate) => ({
            email: candidate.email,
            source: STAFF_SOURCE,
            name: candidate.name,
            trade: candidate.trade,
            consentSource: candidate.consent?.source ?? null,
            consentDate: candidate.consent?.date ?? null,
          })),
        )
        .onConflictDoNothing();
    }
    const tokens = await issueTokens(
      txDb,
      'newsletter_confirmation',
      toConfirm.map((candidate) => candidate.email),
    );
    await queueEmailsPaced(
      txDb,
      [...tokens].map(([email, token]) => newsletterConfirmationEmail(email, token)),
      env().NEWSLETTER_RATE_PER_SECOND,
    );
    await recordAudit(txDb, principal, audit.action, { type: 'subscriber', id: audit.id }, audit.details);
  });
}

/**
 * POST /api/admin/subscribers/import: the CSV's report (`preview`: nothing written), or the import itself
 * (`commit`): refused as a whole (400 with the report's lines) while any row is invalid, else written in one
 * transaction.
 */
export async function importSubscribers(
  db: Db,
  principal: StaffPrincipal,
  csv: string,
  mode: 'preview' | 'commit',
): Promise<SubscriberImportReport> {
  const planned = await plan(db, csv);
  const { report } = planned;
  if (mode === 'preview') return report;
  if (report.invalid.length > 0) {
    throw new AppError(
      'bad_request',
      `${report.invalid.length} ligne(s) refusée(s) : rien n’a été importé. Corrigez le fichier puis recommencez.`,
      report.invalid
        .slice(0, 100)
        .map(({ line, reasons }) => ({ field: `ligne ${line}`, message: reasons.join(' ; ') })),
    );
  }
  if (planned.consented.length + planned.toConfirm.length === 0) {
    throw new AppError('bad_request', 'Aucune nouvelle adresse dans ce fichier : rien à importer.');
  }
  await write(db, principal, planned, {
    action: 'subscriber.import',
    id: 'import',
    details: {
      rows: report.rows,
      subscribed: report.subscribed,
      confirmationSent: report.confirmationSent,
      alreadySubscribed: report.alreadySubscribed.length,
      unsubscribed: report.unsubscribed.length,
      duplicates: report.duplicates.length,
    },
  });
  return { ...report, committed: true };
}

/**
 * POST /api/admin/subscribers: one address, subscribed at once with its proof of consent or sent the double
 * opt-in e-mail; 409 for an address already subscribed, and for a former subscriber (« Réinscrire » asks them).
 */
export async function addSubscriber(
  db: Db,
  principal: StaffPrincipal,
  body: SubscriberAddBody,
): Promise<SubscriberAddAnswer> {
  const checked = rowSchema.safeParse({
    email: body.email,
    name: body.name ?? '',
    trade: body.trade ?? '',
    consentSource: body.consentSource ?? '',
    consentDate: body.consentDate ?? '',
  });
  if (!checked.success) {
    throw new AppError('bad_request', checked.error.issues.map((issue) => issue.message).join(' ; '));
  }
  const candidate = candidateOf(1, checked.data);
  const active = (await knownAddresses(db, [candidate.email])).get(candidate.email);
  if (active === true) throw new AppError('conflict', 'Cette adresse est déjà abonnée.');
  if (active === false) {
    throw new AppError(
      'conflict',
      'Cette adresse s’est désinscrite : seule « Réinscrire » peut lui proposer de revenir, par un e-mail qu’elle confirme.',
    );
  }
  const consented = candidate.consent ? [candidate] : [];
  const toConfirm = candidate.consent ? [] : [candidate];
  await write(
    db,
    principal,
    { consented, toConfirm },
    {
      action: 'subscriber.add',
      id: candidate.email,
      details: candidate.consent ? { consent: candidate.consent } : { confirmation: 'e-mail envoyé' },
    },
  );
  return { email: candidate.email, status: candidate.consent ? 'subscribed' : 'confirmation_sent' };
}
