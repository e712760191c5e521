import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { AuthFallback } from '@/app/_components/auth-fallback';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { accountLinks } from '@/lib/account-links';
import { PATHS } from '@/lib/constants';
import { shopLinks } from '@/lib/shop-links';
import { sameSiteBackPath, sameSitePath } from '@/lib/urls';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';

const TITLE = 'Connexion ou création de compte';

export const metadata: Metadata = { title: TITLE, robots: { index: false, follow: true } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Login and registration for browsers without JavaScript (decision 0XX): the header's "Se connecter" leads here
 * from any page. Once logged in the reader goes back to `?retour=` (set when a form sends the reader back here
 * with a message), else to the page this one was opened from.
 */
export default async function LoginPage({ searchParams }: Props) {
  const config = env();
  const given = (await searchParams).retour;
  const requestHeaders = await headers();
  const back =
    typeof given === 'string'
      ? sameSitePath(given)
      : sameSiteBackPath(requestHeaders.get('referer'), requestHeaders.get('host'));
  const accounts = accountLinks(config.ACCOUNTS_MANAGED_BY, shopLinks(config.SHOP_BASE_URL));
  return (
    <div className="container">
      <Breadcrumb siteUrl={config.SITE_URL} crumbs={[{ name: TITLE }]} />
      <h1>{TITLE}</h1>
      <AuthFallback
        forgotPasswordUrl={accounts.forgotPassword}
        returnPath={back === PATHS.login || back.startsWith(`${PATHS.login}?`) ? '/' : back}
      />
    </div>
  );
}
