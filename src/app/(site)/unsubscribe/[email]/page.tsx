import type { Metadata } from 'next';
import styles from '@/components/static/static-page.module.css';
import { UnsubscribePanel } from '@/components/static/unsubscribe-panel';
import { DAILY_NAME } from '@/lib/site';
import { verifyUnsubscribeToken } from '@/server/newsletter/unsubscribe-token';

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
  const email = decodeURIComponent((await params).email);
  const { token } = await searchParams;
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>Désinscription de la newsletter {DAILY_NAME}</h1>
      <UnsubscribePanel
        email={email}
        token={typeof token === 'string' && verifyUnsubscribeToken(email, token) ? token : null}
      />
    </div>
  );
}
