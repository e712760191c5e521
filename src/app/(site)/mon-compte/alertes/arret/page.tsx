import type { Metadata } from 'next';
import { AccountPage } from '@/app/_components/account-page';
import { stopAlertsByLinkAction } from '@/app/actions/alerts-link';
import { AccountForm } from '@/components/my-account/account-form';
import type { SectionNotice } from '@/components/my-account/account-section';
import { verifyAlertsUnsubscribeToken } from '@/server/accounts/alert-digests';
import { tokenLinkPageMetadata } from '@/server/pages/seo';

export const dynamic = 'force-dynamic';

const TITLE = 'Arrêter mes alertes';

export const metadata: Metadata = tokenLinkPageMetadata(TITLE);

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const STOPPED: SectionNotice = {
  kind: 'success',
  message: 'Vos alertes sont arrêtées : vous ne recevrez plus ces e-mails.',
};
const INVALID_LINK: SectionNotice = {
  kind: 'error',
  message: 'Ce lien n’est pas valable. Vos alertes se gèrent aussi depuis Mon compte.',
};

/** The "Ne plus recevoir ces alertes" link of a digest: a click stops them (a mail scanner's visit does not). */
export default async function StopAlertsPage({ searchParams }: Props) {
  const query = await searchParams;
  const client = typeof query.client === 'string' ? query.client : '';
  const token = typeof query.token === 'string' ? query.token : '';
  // Once stopped (the action redirected here), or a link that does not verify: a message and no form.
  const outcome =
    query.etat === 'arretees'
      ? STOPPED
      : verifyAlertsUnsubscribeToken(Number(client), token)
        ? null
        : INVALID_LINK;
  if (outcome) return <AccountPage title={TITLE} notice={outcome} />;
  return (
    <AccountPage title={TITLE} lead="Vous ne recevrez plus les alertes par thème." notice={null}>
      <AccountForm
        action={stopAlertsByLinkAction}
        hidden={{ client, token }}
        submitLabel="Arrêter mes alertes"
      />
    </AccountPage>
  );
}
