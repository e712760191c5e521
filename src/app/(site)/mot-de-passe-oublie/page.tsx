import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AccountPage } from '@/app/_components/account-page';
import { requestPasswordResetAction } from '@/app/actions/password-reset';
import { resetMessage } from '@/app/actions/reset-outcomes';
import { EmailField } from '@/components/my-account/account-fields';
import { AccountForm } from '@/components/my-account/account-form';
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
    <AccountPage
      title="Mot de passe oublié"
      lead="Indiquez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe."
      notice={notice}
    >
      <AccountForm action={requestPasswordResetAction} submitLabel="Recevoir le lien">
        <EmailField label="Adresse e-mail" />
      </AccountForm>
    </AccountPage>
  );
}
