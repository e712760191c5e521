import type { Metadata } from 'next';
import Link from 'next/link';
import { AccountPage } from '@/app/_components/account-page';
import { confirmAction } from '@/app/actions/confirmation';
import { AccountForm } from '@/components/my-account/account-form';
import styles from '@/components/my-account/my-account.module.css';
import { PATHS } from '@/lib/constants';
import { EMAIL_TAKEN_MESSAGE } from '@/server/accounts/confirmations';
import { INVALID_CONFIRMATION_LINK_MESSAGE } from '@/server/accounts/tokens';
import { tokenLinkPageMetadata } from '@/server/pages/seo';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = tokenLinkPageMetadata('Confirmation');

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** What each kind of link confirms: the page's title, its button, and the message once done. */
const KINDS = {
  compte: {
    title: 'Confirmation de votre adresse e-mail',
    button: 'Confirmer mon adresse',
    done: 'Votre adresse e-mail est confirmée. Merci !',
  },
  adresse: {
    title: 'Confirmation de votre nouvelle adresse e-mail',
    button: 'Confirmer ma nouvelle adresse',
    done: 'Votre nouvelle adresse e-mail est confirmée : c’est désormais celle de votre compte.',
  },
  newsletter: {
    title: 'Confirmation de votre inscription à la newsletter',
    button: 'Confirmer mon inscription',
    done: 'Votre inscription est confirmée : vous recevrez la newsletter La Quotidienne chaque jour ouvré.',
  },
} as const;

/**
 * /confirmation?type=…&jeton=…: the landing page of the links of confirmation e-mails. It asks for a click (a POST
 * to confirmAction) so that a mail scanner fetching the link confirms nothing.
 */
export default async function ConfirmationPage({ searchParams }: Props) {
  const query = await searchParams;
  const type =
    typeof query.type === 'string' && query.type in KINDS ? (query.type as keyof typeof KINDS) : null;
  if (!type) {
    return (
      <AccountPage
        title="Confirmation"
        notice={{ kind: 'error', message: INVALID_CONFIRMATION_LINK_MESSAGE }}
      />
    );
  }
  const kind = KINDS[type];
  if (query.etat === 'ok' || query.etat === 'ok-newsletter') {
    const message =
      query.etat === 'ok-newsletter'
        ? `${kind.done} Votre inscription à la newsletter est confirmée.`
        : kind.done;
    return (
      <AccountPage title={kind.title} notice={{ kind: 'success', message }}>
        <Link className={styles.button} href={type === 'newsletter' ? '/' : PATHS.account}>
          {type === 'newsletter' ? 'Lire La Quotidienne' : 'Mon compte'}
        </Link>
      </AccountPage>
    );
  }
  if (query.etat === 'invalide' || query.etat === 'adresse-prise') {
    const message = query.etat === 'adresse-prise' ? EMAIL_TAKEN_MESSAGE : INVALID_CONFIRMATION_LINK_MESSAGE;
    return <AccountPage title={kind.title} notice={{ kind: 'error', message }} />;
  }
  const token = typeof query.jeton === 'string' ? query.jeton.slice(0, 100) : '';
  return (
    <AccountPage title={kind.title} lead="Un clic pour confirmer :" notice={null}>
      <AccountForm action={confirmAction} hidden={{ type, jeton: token }} submitLabel={kind.button} />
    </AccountPage>
  );
}
