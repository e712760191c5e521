import type { Metadata } from 'next';
import { stopAlertsByLinkAction } from '@/app/actions/alerts-link';
import { AccountFormPage } from '@/components/my-account/account-form-page';
import styles from '@/components/my-account/my-account.module.css';
import { verifyAlertsUnsubscribeToken } from '@/server/accounts/alert-digests';
import { env } from '@/server/env';
import { tokenLinkPageMetadata } from '@/server/pages/seo';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = tokenLinkPageMetadata('Arrêter mes alertes');

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The "Ne plus recevoir ces alertes" link of a digest: a click stops them (a mail scanner's visit does not). */
export default async function StopAlertsPage({ searchParams }: Props) {
  const query = await searchParams;
  if (query.etat === 'arretees') {
    return (
      <AccountFormPage
        siteUrl={env().SITE_URL}
        title="Arrêter mes alertes"
        notice={{
          kind: 'success',
          message: 'Vos alertes sont arrêtées : vous ne recevrez plus ces e-mails.',
        }}
      />
    );
  }
  const client = typeof query.client === 'string' ? query.client : '';
  const token = typeof query.token === 'string' ? query.token : '';
  if (!verifyAlertsUnsubscribeToken(Number(client), token)) {
    return (
      <AccountFormPage
        siteUrl={env().SITE_URL}
        title="Arrêter mes alertes"
        notice={{
          kind: 'error',
          message: 'Ce lien n’est pas valable. Vos alertes se gèrent aussi depuis Mon compte.',
        }}
      />
    );
  }
  return (
    <AccountFormPage
      siteUrl={env().SITE_URL}
      title="Arrêter mes alertes"
      lead="Vous ne recevrez plus les alertes par thème."
      notice={null}
    >
      <form action={stopAlertsByLinkAction}>
        <input type="hidden" name="client" value={client} />
        <input type="hidden" name="token" value={token} />
        <button type="submit" className={styles.button}>
          Arrêter mes alertes
        </button>
      </form>
    </AccountFormPage>
  );
}
