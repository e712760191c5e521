import 'server-only';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PATHS } from '@/lib/constants';
import { formatLongDate, parisIsoDay } from '@/lib/dates';
import { DAILY_NAME } from '@/lib/site';
import { articlePath } from '@/lib/urls';
import { siteLink } from '../accounts/emails';
import { parisMidnight } from '../content/paris-time';
import type { Db } from '../db/client';
import { agendaDeadlineDates, agendaProfiles, articles, customers } from '../db/schema';
import { html } from '../email/html';
import { queueEmail } from '../email/outbox';
import { emailButton, emailParagraph, renderEmail } from '../email/render';
import { defineJob } from '../jobs/definitions';
import { enqueueJob } from '../jobs/queue';
import { logger } from '../log';
import { concerns, type Deadline, deadlineTitle, listDeadlines } from './deadlines';
import type { AgendaProfile } from './profile';

/** Reminders leave at 7 a.m. in Paris, 7 days and 1 day before each deadline. */
const SEND_HOUR = 7;
const REMINDER_DAYS = [7, 1] as const;
/** Profiles read per batch: a run's memory stays bounded whatever the number of readers. */
const BATCH_SIZE = 200;
const DAY_MS = 86_400_000;

const isoDay = z.iso.date();
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The moment a day's reminders leave: 7 a.m. in Paris. */
export function reminderTime(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(parisMidnight(year, month, date).getTime() + SEND_HOUR * 3_600_000);
}

/** Queues the next day's reminders after `after` (once: the day is the dedupe key). */
export async function scheduleAgendaReminders(db: Db, after: Date = new Date()): Promise<void> {
  let day = parisIsoDay(after);
  if (reminderTime(day) <= after) day = addDays(day, 1);
  await enqueueJob(db, agendaRemindersJob, { day }, { runAt: reminderTime(day), dedupeKey: day });
}

type Recipient = { email: string; firstname: string };

function deadlineItems(deadlines: readonly Deadline[]) {
  return deadlines.map(
    (deadline) =>
      html`<li><a href="${siteLink(articlePath(deadline))}">${deadlineTitle(deadline)}</a> : ${formatLongDate(deadline.eventDate)}${deadline.provisional ? ' (date sous réserve)' : ''}</li>`,
  );
}

const LIST_STYLE =
  'margin:0 0 14px;padding-left:20px;font:15px/1.55 Arial,Helvetica,sans-serif;color:#1a1f2b';
/** Why the reader gets it and where to change it. */
const footer =
  () => html`Vous recevez cet e-mail parce que vous suivez votre agenda personnel sur ${DAILY_NAME}.
<a href="${siteLink(PATHS.account)}#agenda">Gérer mon agenda</a>.`;

async function queueReminder(db: Db, to: Recipient, day: string, deadlines: Deadline[]): Promise<void> {
  const soon = deadlines.filter((deadline) => deadline.eventDate === addDays(day, 1));
  const week = deadlines.filter((deadline) => deadline.eventDate !== addDays(day, 1));
  const subject =
    soon.length > 0
      ? `Rappel ${DAILY_NAME} : ${soon.length} échéance${soon.length > 1 ? 's' : ''} demain`
      : `Rappel ${DAILY_NAME} : ${week.length} échéance${week.length > 1 ? 's' : ''} dans 7 jours`;
  const { html: htmlPart, text } = renderEmail({
    subject,
    preheader: deadlineTitle((soon[0] ?? week[0]) as Deadline),
    body: html`${emailParagraph(`Bonjour ${to.firstname},`)}
${soon.length > 0 ? html`${emailParagraph('Demain :')}<ul style="${LIST_STYLE}">${deadlineItems(soon)}</ul>` : ''}
${week.length > 0 ? html`${emailParagraph('Dans 7 jours :')}<ul style="${LIST_STYLE}">${deadlineItems(week)}</ul>` : ''}
${emailButton('Voir l’agenda', siteLink(PATHS.agenda))}`,
    footer: footer(),
  });
  await queueEmail(db, {
    to: to.email,
    subject,
    html: htmlPart,
    text,
    category: 'agenda-reminder',
    headers: { 'Auto-Submitted': 'auto-generated' },
  });
}

type ProfileWithAddress = AgendaProfile & Recipient;

/** Profiles of confirmed addresses matching `where`, by batches of BATCH_SIZE in customer order. */
async function* profilesWhere(db: Db, where: ReturnType<typeof and>): AsyncGenerator<ProfileWithAddress[]> {
  let lastId = 0;
  for (;;) {
    const rows = await db
      .select({
        customerId: agendaProfiles.customerId,
        trades: agendaProfiles.trades,
        sizeBand: agendaProfiles.sizeBand,
        vatRegime: agendaProfiles.vatRegime,
        taxRegime: agendaProfiles.taxRegime,
        emailReminders: agendaProfiles.emailReminders,
        feedCreatedAt: agendaProfiles.feedCreatedAt,
        email: customers.email,
        firstname: customers.firstname,
      })
      .from(agendaProfiles)
      .innerJoin(customers, eq(customers.id, agendaProfiles.customerId))
      .where(and(where, isNotNull(customers.emailConfirmedAt), gt(agendaProfiles.customerId, lastId)))
      .orderBy(agendaProfiles.customerId)
      .limit(BATCH_SIZE);
    if (rows.length > 0) yield rows as ProfileWithAddress[];
    if (rows.length < BATCH_SIZE) return;
    lastId = rows.at(-1)?.customerId ?? lastId;
  }
}

/**
 * The reminders of one day: to each reader who chose them, one e-mail listing their deadlines 7 days and 1 day
 * later. The e-mail and the profile's `remindedOn` are written together, so a run repeated for that day (a crash, a
 * retry) sends nothing twice. Answers how many e-mails were queued.
 */
export async function sendAgendaReminders(db: Db, day: string): Promise<number> {
  const targets = REMINDER_DAYS.map((days) => addDays(day, days));
  const all = await listDeadlines(
    db,
    { trades: [], sizeBand: null, vatRegime: null, taxRegime: null },
    { from: addDays(day, 1), to: addDays(day, 7) },
  );
  const due = all.filter((deadline) => targets.includes(deadline.eventDate));
  if (due.length === 0) return 0;
  let sent = 0;
  const pending = and(
    eq(agendaProfiles.emailReminders, true),
    or(isNull(agendaProfiles.remindedOn), lt(agendaProfiles.remindedOn, day)),
  );
  for await (const batch of profilesWhere(db, pending)) {
    for (const profile of batch) {
      const mine = due.filter((deadline) => concerns(deadline, profile));
      await db.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        if (mine.length > 0) await queueReminder(txDb, profile, day, mine);
        await tx
          .update(agendaProfiles)
          .set({ remindedOn: day })
          .where(eq(agendaProfiles.customerId, profile.customerId));
      });
      if (mine.length > 0) sent += 1;
    }
  }
  logger.info({ event: 'agenda_reminders', day, sent }, 'Rappels d’agenda envoyés');
  return sent;
}

/** The reminders of a day, then the next day's queued (jobs of the one runner, decision 008). */
const agendaRemindersJob = defineJob({
  kind: 'agenda.reminders',
  payload: z.object({ day: isoDay }),
  maxAttempts: 5,
  run: async ({ day }, { db }) => {
    await sendAgendaReminders(db, day);
    await scheduleAgendaReminders(db, reminderTime(day));
  },
});

/**
 * Before an agenda article's public row is written: when its date differs from the one readers were given (the
 * tracked one, else the public row's), its sequence rises and the readers it concerns are told, by a job that
 * goes with the publication's commit. A new deadline starts at sequence 0.
 */
export async function noteDeadlineDate(
  db: Db,
  article: { id: string; type: string; eventDate?: string | null | undefined },
): Promise<void> {
  if (article.type !== 'agenda' || !article.eventDate) return;
  const eventDate = article.eventDate;
  const [tracked] = await db
    .select()
    .from(agendaDeadlineDates)
    .where(eq(agendaDeadlineDates.articleId, article.id));
  const [published] = tracked
    ? [undefined]
    : await db.select({ eventDate: articles.eventDate }).from(articles).where(eq(articles.id, article.id));
  const previous = tracked?.eventDate ?? published?.eventDate ?? null;
  const moved = previous !== null && previous !== eventDate;
  const sequence = (tracked?.sequence ?? 0) + (moved ? 1 : 0);
  await db
    .insert(agendaDeadlineDates)
    .values({ articleId: article.id, eventDate, sequence })
    .onConflictDoUpdate({
      target: agendaDeadlineDates.articleId,
      set: { eventDate, sequence, changedAt: sql`now()` },
    });
  if (moved) {
    await enqueueJob(db, deadlineMovedJob, { articleId: article.id, previous, current: eventDate });
  }
}

/**
 * Tells the readers a moved deadline concerns (a profile that matches it, with the feed or the reminders on):
 * one e-mail each with the old and the new date.
 */
async function sendDeadlineMoved(
  db: Db,
  move: { articleId: string; previous: string; current: string },
): Promise<number> {
  const [deadline] = (
    await listDeadlines(
      db,
      { trades: [], sizeBand: null, vatRegime: null, taxRegime: null },
      { from: move.current, to: move.current },
    )
  ).filter((entry) => entry.id === move.articleId);
  if (!deadline) return 0;
  let sent = 0;
  const subscribed = or(eq(agendaProfiles.emailReminders, true), isNotNull(agendaProfiles.feedTokenHash));
  for await (const batch of profilesWhere(db, and(subscribed))) {
    for (const profile of batch.filter((entry) => concerns(deadline, entry))) {
      const subject = `Échéance déplacée : ${deadlineTitle(deadline)}`;
      const { html: htmlPart, text } = renderEmail({
        subject,
        preheader: `Nouvelle date : ${formatLongDate(move.current)}.`,
        body: html`${emailParagraph(`Bonjour ${profile.firstname},`)}
${emailParagraph(html`La date de l’échéance « ${deadlineTitle(deadline)} » a changé : elle passe du ${formatLongDate(move.previous)} au <strong>${formatLongDate(move.current)}</strong>${deadline.provisional ? ' (date sous réserve)' : ''}.`)}
${emailParagraph('Votre agenda personnel est à jour : votre calendrier déplacera l’événement à sa prochaine synchronisation.')}
${emailButton('Voir l’échéance', siteLink(articlePath(deadline)))}`,
        footer: footer(),
      });
      await queueEmail(db, {
        to: profile.email,
        subject,
        html: htmlPart,
        text,
        category: 'agenda-date-change',
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      sent += 1;
    }
  }
  return sent;
}

const deadlineMovedJob = defineJob({
  kind: 'agenda.deadline-moved',
  payload: z.object({ articleId: z.string().min(1).max(100), previous: isoDay, current: isoDay }),
  maxAttempts: 5,
  run: async (move, { db }) => {
    await sendDeadlineMoved(db, move);
  },
});
