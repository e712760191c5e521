import type { Metadata } from 'next';
import { type AccountSection, accountNotice } from '@/app/actions/account-outcomes';
import {
  changeEmailAction,
  changePasswordAction,
  deleteAccountAction,
  newsletterAction,
  resendConfirmationAction,
  revokeSessionAction,
  saveAgendaProfileAction,
  saveAlertsAction,
  savedUpdatesAction,
  unsaveArticleAction,
  updateProfileAction,
} from '@/app/actions/my-account';
import { sessionOfRequest } from '@/app/actions/session';
import { LoginLink } from '@/components/account/login-link';
import type { SectionNotice } from '@/components/my-account/account-section';
import { AlertsSection } from '@/components/my-account/alerts-section';
import { DataSection, DeleteSection } from '@/components/my-account/data-sections';
import { DevicesSection } from '@/components/my-account/devices-section';
import { EmailSection } from '@/components/my-account/email-section';
import styles from '@/components/my-account/my-account.module.css';
import { NewsletterSection } from '@/components/my-account/newsletter-section';
import { PasswordSection } from '@/components/my-account/password-section';
import { ProfileSection } from '@/components/my-account/profile-section';
import { SavedArticlesSection } from '@/components/my-account/saved-articles-section';
import { AgendaSection } from '@/components/personal-agenda/agenda-section';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { NEWS_TOPICS, PATHS } from '@/lib/constants';
import { formatLongDate } from '@/lib/dates';
import { TOPIC_LABELS } from '@/lib/navigation';
import { getAccountProfile } from '@/server/accounts/account';
import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  alertTopicChoices,
  getAlertPreferences,
} from '@/server/accounts/alerts';
import { describeDevice } from '@/server/accounts/device';
import { CIVILITIES, functionChoices, registeredWord } from '@/server/accounts/registration-form';
import { listSavedArticles } from '@/server/accounts/saved-articles';
import { listSessions } from '@/server/accounts/sessions';
import { savedUpdateEmailsEnabled } from '@/server/article-updates/notes';
import { getDb } from '@/server/db/client';
import { env } from '@/server/env';
import { getAgendaProfile } from '@/server/personal-agenda/profile';

// Personal: rendered for each reader, never cached, never indexed.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Mon compte', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const SECTIONS: readonly { id: AccountSection; label: string }[] = [
  { id: 'profil', label: 'Mon profil' },
  { id: 'adresse', label: 'Adresse e-mail' },
  { id: 'mot-de-passe', label: 'Mot de passe' },
  { id: 'newsletter', label: 'Newsletter' },
  { id: 'alertes', label: 'Alertes par thème' },
  { id: 'agenda', label: 'Mon agenda' },
  { id: 'articles', label: 'Articles enregistrés' },
  { id: 'appareils', label: 'Appareils connectés' },
  { id: 'donnees', label: 'Mes données' },
  { id: 'suppression', label: 'Supprimer mon compte' },
];

/** /mon-compte: the logged-in reader's profile, address, password, newsletter, alerts, articles, devices, data. */
export default async function MyAccountPage({ searchParams }: Props) {
  const db = await getDb();
  const session = await sessionOfRequest(db);
  const profile = session ? await getAccountProfile(db, session.customer.id) : null;
  if (!session || !profile) return <LoginPrompt />;

  const customerId = session.customer.id;
  const [functions, alerts, agenda, savedUpdates, topicChoices, saved, sessions] = await Promise.all([
    functionChoices(db),
    getAlertPreferences(db, customerId),
    getAgendaProfile(db, customerId),
    savedUpdateEmailsEnabled(db, customerId),
    alertTopicChoices(db),
    listSavedArticles(db, customerId),
    listSessions(db, customerId, session.tokenHash),
  ]);
  const notice = accountNotice(await searchParams);
  const noticeFor = (section: AccountSection): SectionNotice =>
    notice?.section === section ? { kind: notice.kind, message: notice.message } : null;

  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb siteUrl={env().SITE_URL} crumbs={[{ name: 'Mon compte' }]} />
      <h1 className={styles.title}>Mon compte</h1>
      <p className={styles.lead}>
        {profile.firstname} {profile.lastname}, {registeredWord(profile.civility)} depuis le{' '}
        {formatLongDate(profile.createdAt)}
      </p>
      <div className={styles.layout}>
        <nav className={styles.nav} aria-label="Rubriques de mon compte">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <ProfileSection
            profile={profile}
            civilities={CIVILITIES}
            functions={functions}
            action={updateProfileAction}
            notice={noticeFor('profil')}
          />
          <EmailSection
            email={profile.email}
            confirmed={profile.emailConfirmed}
            changeAction={changeEmailAction}
            resendAction={resendConfirmationAction}
            notice={noticeFor('adresse')}
          />
          <PasswordSection action={changePasswordAction} notice={noticeFor('mot-de-passe')} />
          <NewsletterSection
            subscribed={profile.newsletter}
            action={newsletterAction}
            notice={noticeFor('newsletter')}
          />
          <AlertsSection
            choices={topicChoices}
            frequencies={ALERT_FREQUENCIES.map((value) => ({ value, label: ALERT_FREQUENCY_LABELS[value] }))}
            current={alerts}
            action={saveAlertsAction}
            savedUpdates={{ enabled: savedUpdates, action: savedUpdatesAction }}
            notice={noticeFor('alertes')}
          />
          <AgendaSection
            trades={NEWS_TOPICS.map((value) => ({ value, label: TOPIC_LABELS[value] ?? value }))}
            current={agenda ? { ...agenda, hasFeed: agenda.feedCreatedAt !== null } : null}
            action={saveAgendaProfileAction}
            notice={noticeFor('agenda')}
          />
          <SavedArticlesSection
            articles={saved}
            action={unsaveArticleAction}
            notice={noticeFor('articles')}
          />
          <DevicesSection
            sessions={sessions.map((item) => ({ ...item, device: describeDevice(item.userAgent) }))}
            action={revokeSessionAction}
            notice={noticeFor('appareils')}
          />
          <DataSection downloadPath={`${PATHS.account}/donnees`} notice={noticeFor('donnees')} />
          <DeleteSection action={deleteAccountAction} notice={noticeFor('suppression')} />
        </div>
      </div>
    </div>
  );
}

/** A visitor without a session: the login of the layout (the modal, or #connexion without JavaScript). */
function LoginPrompt() {
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb siteUrl={env().SITE_URL} crumbs={[{ name: 'Mon compte' }]} />
      <h1 className={styles.title}>Mon compte</h1>
      <p className={styles.lead}>
        Connectez-vous pour gérer votre compte, vos alertes et vos articles enregistrés.
      </p>
      <LoginLink className={styles.button} />
    </div>
  );
}
