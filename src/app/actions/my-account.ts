'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import * as z from 'zod/mini';
import { SESSION_HINT_COOKIE } from '@/lib/constants';
import type { MyAccountCode } from '@/lib/contracts/accounts';
import { agendaProfileForm } from '@/lib/contracts/personal-agenda';
import { changePassword, deleteAccount, updateProfile } from '@/server/accounts/account';
import { setAlertPreferences, stopAlerts } from '@/server/accounts/alerts';
import {
  requestEmailChange,
  resendAccountConfirmation,
  setAccountNewsletter,
} from '@/server/accounts/confirmations';
import { formCodeOf } from '@/server/accounts/form-error';
import { unsaveArticle } from '@/server/accounts/saved-articles';
import { type FoundSession, revokeSession, SESSION_COOKIE } from '@/server/accounts/sessions';
import { setSavedUpdateEmails } from '@/server/article-updates/notes';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/log';
import { saveAgendaProfile } from '@/server/personal-agenda/profile';
import { type AccountSection, type AccountSuccess, accountOutcomePath } from './account-outcomes';
import { sessionOfRequest } from './session';

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

/**
 * Runs one Mon compte form: the reader must be logged in (else back to the page, which asks to log in), `work`
 * answers the success code, or a refusal's code, or throws (the error's code: decision 009); either way the
 * reader goes back to the form's section, where the page shows the message of the code.
 */
async function accountForm(
  section: AccountSection,
  work: (session: FoundSession) => Promise<AccountSuccess | { error: MyAccountCode }>,
): Promise<never> {
  const db = await getDb();
  const session = await sessionOfRequest(db);
  if (!session) redirect('/mon-compte');
  let target: string;
  try {
    const outcome = await work(session);
    target = accountOutcomePath(section, typeof outcome === 'string' ? { ok: outcome } : outcome);
  } catch (error) {
    const code = formCodeOf(error);
    if (code === 'form_error') logger.error({ err: error, section }, 'Mon compte : action en échec');
    target = accountOutcomePath(section, { error: code });
  }
  redirect(target);
}

export async function updateProfileAction(form: FormData): Promise<void> {
  await accountForm('profil', async (session) => {
    const errors = await updateProfile(await getDb(), session.customer.id, {
      civility: text(form, 'civility'),
      lastname: text(form, 'lastname'),
      firstname: text(form, 'firstname'),
      function: text(form, 'function'),
    });
    return errors[0] ? { error: errors[0].code } : 'profil-enregistre';
  });
}

export async function changePasswordAction(form: FormData): Promise<void> {
  await accountForm('mot-de-passe', async (session) => {
    await changePassword(await getDb(), session.customer.id, session.tokenHash, {
      current: text(form, 'current'),
      password: text(form, 'password'),
      confirmed: text(form, 'confirmed'),
    });
    return 'mot-de-passe-modifie';
  });
}

export async function saveAlertsAction(form: FormData): Promise<void> {
  await accountForm('alertes', async (session) => {
    const db = await getDb();
    if (form.get('stop') !== null) {
      await stopAlerts(db, session.customer.id);
      return 'alertes-arretees';
    }
    const topicIds = form.getAll('topics').map(String);
    const saved = await setAlertPreferences(db, session.customer.id, text(form, 'frequency'), topicIds);
    return saved ? 'alertes-enregistrees' : 'alertes-arretees';
  });
}

/** The e-mail about updates of saved articles, on or off (the alerts section). */
export async function savedUpdatesAction(form: FormData): Promise<void> {
  await accountForm('alertes', async (session) => {
    await setSavedUpdateEmails(await getDb(), session.customer.id, form.get('enabled') !== null);
    return 'mises-a-jour-enregistrees';
  });
}

/** "Mon agenda": the profile that filters the deadlines and the choice of reminder e-mails. */
export async function saveAgendaProfileAction(form: FormData): Promise<void> {
  await accountForm('agenda', async (session) => {
    const parsed = z.safeParse(agendaProfileForm, {
      trades: form.getAll('trades').map(String),
      sizeBand: text(form, 'sizeBand'),
      vatRegime: text(form, 'vatRegime'),
      taxRegime: text(form, 'taxRegime'),
      emailReminders: form.get('emailReminders') !== null,
    });
    if (!parsed.success) return { error: 'agenda_profile' };
    await saveAgendaProfile(await getDb(), session.customer.id, parsed.data);
    return 'agenda-enregistre';
  });
}

export async function unsaveArticleAction(form: FormData): Promise<void> {
  await accountForm('articles', async (session) => {
    await unsaveArticle(await getDb(), session.customer.id, text(form, 'articleId'));
    return 'article-retire';
  });
}

export async function revokeSessionAction(form: FormData): Promise<void> {
  await accountForm('appareils', async (session) => {
    await revokeSession(await getDb(), session.customer.id, text(form, 'session'));
    return 'appareil-deconnecte';
  });
}

/** "Supprimer mon compte": the password again; then the reader is logged out and sent home. */
export async function deleteAccountAction(form: FormData): Promise<void> {
  const db = await getDb();
  const session = await sessionOfRequest(db);
  if (!session) redirect('/mon-compte');
  try {
    await deleteAccount(db, session.customer.id, text(form, 'password'));
  } catch (error) {
    redirect(accountOutcomePath('suppression', { error: formCodeOf(error) }));
  }
  const jar = await cookies();
  jar.delete(SESSION_COOKIE);
  jar.delete(SESSION_HINT_COOKIE);
  redirect('/mon-compte/supprime');
}

export async function changeEmailAction(form: FormData): Promise<void> {
  await accountForm('adresse', async (session) => {
    await requestEmailChange(await getDb(), session.customer.id, text(form, 'email'), text(form, 'password'));
    return 'adresse-envoyee';
  });
}

export async function resendConfirmationAction(): Promise<void> {
  await accountForm('adresse', async (session) => {
    await resendAccountConfirmation(await getDb(), session.customer.id);
    return 'confirmation-envoyee';
  });
}

export async function newsletterAction(form: FormData): Promise<void> {
  await accountForm('newsletter', async (session) => {
    const outcome = await setAccountNewsletter(
      await getDb(),
      session.customer.id,
      text(form, 'subscribe') === '1',
    );
    const successes = {
      subscribed: 'newsletter-inscrit',
      confirmation_sent: 'newsletter-confirmation',
      unsubscribed: 'newsletter-desinscrit',
      unsubscribe_confirmation_sent: 'newsletter-desinscription-envoyee',
    } as const;
    return successes[outcome];
  });
}
