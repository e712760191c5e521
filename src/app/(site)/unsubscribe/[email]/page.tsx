import type { Metadata } from 'next';
import styles from '@/components/static/static-page.module.css';
import { UnsubscribePanel } from '@/components/static/unsubscribe-panel';
import { DAILY_NAME } from '@/lib/site';
import { isValidEmail } from '@/lib/validation';
import {
  campaignOfLink,
  UNSUBSCRIBE_CAMPAIGN_PARAM,
  verifyUnsubscribeToken,
} from '@/server/newsletter/unsubscribe-token';

// Personal and tokenised: never cached, never indexed.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Désinscription de la newsletter',
  robots: { index: false, follow: false },
};

type Props = {
  params: Promise<{ email: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** /unsubscribe/{email}: unsubscribes at once with the signed token of our emails, after a click without it. */
export default async function UnsubscribePage({ params, searchParams }: Props) {
  const email = addressOf((await params).email);
  const { token, [UNSUBSCRIBE_CAMPAIGN_PARAM]: campaign } = await searchParams;
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>Désinscription de la newsletter {DAILY_NAME}</h1>
      {email === null ? (
        <p role="alert" className={styles.error}>
          Ce lien de désinscription ne contient pas d’adresse e-mail valide. Utilisez le lien « Se désinscrire
          » d’une newsletter reçue.
        </p>
      ) : (
        <UnsubscribePanel
          email={email}
          token={typeof token === 'string' && verifyUnsubscribeToken(email, token) ? token : null}
          campaign={campaignOfLink(campaign)?.toString()}
        />
      )}
    </div>
  );
}

/** The address of the link, or null when it holds none (`/unsubscribe/%20`, a cut link, bad percent escapes). */
function addressOf(segment: string): string | null {
  try {
    const email = decodeURIComponent(segment).trim();
    return isValidEmail(email) ? email : null;
  } catch {
    return null;
  }
}
