import type { Metadata } from 'next';
import { resetPasswordAction } from '@/app/actions/password-reset';
import { resetMessage } from '@/app/actions/reset-outcomes';
import { AccountFormPage } from '@/components/my-account/account-form-page';
import styles from '@/components/my-account/my-account.module.css';
import { NewPasswordFields } from '@/components/my-account/new-password-fields';
import { PATHS } from '@/lib/constants';
import { INVALID_RESET_LINK_MESSAGE } from '@/server/accounts/password-reset';
import { tokenIsUsable } from '@/server/accounts/tokens';
import { getDb } from '@/server/db/client';
import { env } from '@/server/env';
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
      <AccountFormPage siteUrl={env().SITE_URL} title="Nouveau mot de passe" notice={notice}>
        <a className={styles.button} href="#connexion">
          Se connecter
        </a>
      </AccountFormPage>
    );
  }
  const token = typeof query.jeton === 'string' ? query.jeton : '';
  if (!(await tokenIsUsable(await getDb(), 'password_reset', token))) {
    return (
      <AccountFormPage
        siteUrl={env().SITE_URL}
        title="Nouveau mot de passe"
        notice={{ kind: 'error', message: INVALID_RESET_LINK_MESSAGE }}
      >
        <a className={styles.button} href={PATHS.forgotPassword}>
          Demander un nouveau lien
        </a>
      </AccountFormPage>
    );
  }
  return (
    <AccountFormPage
      siteUrl={env().SITE_URL}
      title="Nouveau mot de passe"
      lead="Choisissez le nouveau mot de passe de votre compte. Tous vos appareils seront ensuite déconnectés."
      notice={notice}
    >
      <form action={resetPasswordAction}>
        <input type="hidden" name="jeton" value={token} />
        <NewPasswordFields confirmationLabel="Confirmation du mot de passe" />
        <button type="submit" className={styles.button}>
          Enregistrer le mot de passe
        </button>
      </form>
    </AccountFormPage>
  );
}
