import { withFirstOfMonth } from '@/lib/dates';
import { AccountSection, type SectionNotice } from './account-section';
import styles from './my-account.module.css';

type DevicesSectionProps = {
  sessions: readonly {
    id: string;
    device: string;
    lastUsedAt: Date;
    createdAt: Date;
    current: boolean;
    remember: boolean;
  }[];
  action: (form: FormData) => Promise<void>;
  notice: SectionNotice;
};

const WHEN = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/** The devices logged in to the account, with their last use; each but this one can be logged out. */
export function DevicesSection({ sessions, action, notice }: DevicesSectionProps) {
  return (
    <AccountSection id="appareils" title="Appareils connectés" notice={notice}>
      <ul className={styles.list}>
        {sessions.map((session) => (
          <li key={session.id} className={styles.row}>
            <div>
              <strong>{session.device}</strong>
              {session.current ? <span className={styles.badge}>Cet appareil</span> : null}
              <p className={styles.meta}>
                Connecté le {withFirstOfMonth(WHEN.format(session.createdAt))}, dernière utilisation le{' '}
                {withFirstOfMonth(WHEN.format(session.lastUsedAt))}
                {session.remember ? ' (reste connecté 30 jours)' : ''}
              </p>
            </div>
            {session.current ? null : (
              <form action={action}>
                <input type="hidden" name="session" value={session.id} />
                <button type="submit" className={styles.secondary}>
                  Déconnecter<span className="visually-hidden"> {session.device}</span>
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </AccountSection>
  );
}
