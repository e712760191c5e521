import type { Metadata } from 'next';
import { AccountPage } from '@/app/_components/account-page';
import { resetPasswordAction } from '@/app/actions/password-reset';
import { resetMessage } from '@/app/actions/reset-outcomes';
import { LoginLink } from '@/components/account/login-link';
import { NewPasswordFields } from '@/components/my-account/account-fields';
import { AccountForm } from '@/components/my-account/account-form';
import styles from '@/components/my-account/my-account.module.css';
import { PATHS } from '@/lib/constants';
import { INVALID_RESET_LINK_MESSAGE } from '@/server/accounts/password-reset';
import { tokenIsUsable } from '@/server/accounts/tokens';
import { getDb } from '@/server/db/client';
import { tokenLinkPageMetadata } from '@/server/pages/seo';

export const dynamic = 'force-dynamic';

// The address carries a reset token: it must not leave in a Referer header.
export const metadata: Metadata = tokenLinkPageMetadata('Nouveau mot de passe');

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The page of a reset link: a new password, if the link can still be used. */
export default async function NewPasswordPage({ searchParams }: Props) {
  const query = await searchParams;
  const notice = resetMessage(query.etat);
  if (query.etat === 'modifie') {
    return (
      <AccountPage title="Nouveau mot de passe" notice={notice}>
        <LoginLink className={styles.button} />
      </AccountPage>
    );
  }
  const token = typeof query.jeton === 'string' ? query.jeton : '';
  if (!(await tokenIsUsable(await getDb(), 'password_reset', token))) {
    return (
      <AccountPage
        title="Nouveau mot de passe"
        notice={{ kind: 'error', message: INVALID_RESET_LINK_MESSAGE }}
      >
        <a className={styles.button} href={PATHS.forgotPassword}>
          Demander un nouveau lien
        </a>
      </AccountPage>
    );
  }
  return (
    <AccountPage
      title="Nouveau mot de passe"
      lead="Choisissez le nouveau mot de passe de votre compte. Tous vos appareils seront ensuite déconnectés."
      notice={notice}
    >
      <AccountForm
        action={resetPasswordAction}
        hidden={{ jeton: token }}
        submitLabel="Enregistrer le mot de passe"
      >
        <NewPasswordFields confirmationLabel="Confirmation du mot de passe" />
      </AccountForm>
    </AccountPage>
  );
}
