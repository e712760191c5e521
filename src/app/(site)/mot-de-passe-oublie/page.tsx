import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { requestPasswordResetAction } from '@/app/actions/password-reset';
import { resetMessage } from '@/app/actions/reset-outcomes';
import { AccountFormPage } from '@/components/my-account/account-form-page';
import styles from '@/components/my-account/my-account.module.css';
import { TextField } from '@/components/ui/text-field';
import { shopLinks } from '@/lib/shop-links';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Mot de passe oublié', robots: { index: false, follow: true } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** "Mot de passe oublié ?": an address, and a reset link e-mailed to it if it has an account. */
export default async function ForgotPasswordPage({ searchParams }: Props) {
  const config = env();
  if (config.ACCOUNTS_MANAGED_BY === 'shop') redirect(shopLinks(config.SHOP_BASE_URL).forgotPassword);
  const notice = resetMessage((await searchParams).etat);
  return (
    <AccountFormPage
      siteUrl={env().SITE_URL}
      title="Mot de passe oublié"
      lead="Indiquez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe."
      notice={notice}
    >
      <form action={requestPasswordResetAction}>
        <TextField
          name="email"
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          maxLength={254}
          required
          error={null}
        />
        <button type="submit" className={styles.button}>
          Recevoir le lien
        </button>
      </form>
    </AccountFormPage>
  );
}
