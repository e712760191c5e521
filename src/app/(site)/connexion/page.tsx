import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { AuthFallback } from '@/app/_components/auth-fallback';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { accountLinks } from '@/lib/account-links';
import { PATHS } from '@/lib/constants';
import { ACCOUNT_FORM_MESSAGES, type AccountFormCode } from '@/lib/contracts/accounts';
import { shopLinks } from '@/lib/shop-links';
import { sameSiteBackPath, sameSitePath } from '@/lib/urls';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';

const TITLE = 'Connexion ou création de compte';

export const metadata: Metadata = { title: TITLE, robots: { index: false, follow: true } };

/** The refusal a form came back with (`?erreur=`), when it is one of the forms' codes. */
function refusal(code: string | string[] | undefined): AccountFormCode | null {
  return typeof code === 'string' && Object.hasOwn(ACCOUNT_FORM_MESSAGES, code)
    ? (code as AccountFormCode)
    : null;
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Login and registration for browsers without JavaScript (decision 060): the header's "Se connecter" leads here
 * from any page. Once logged in the reader goes back to `?retour=` (set when a form sends the reader back here
 * with the message of `?erreur=`), else to the page this one was opened from. The message is read here, not shown
 * by `:target`: a reader whose scripts run on this page is sent back by a navigation of the router, which sets none.
 */
export default async function LoginPage({ searchParams }: Props) {
  const config = env();
  const query = await searchParams;
  const given = query.retour;
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
        refused={refusal(query.erreur)}
      />
    </div>
  );
}
