import { AccountFormPage, type AccountFormPageProps } from '@/components/my-account/account-form-page';
import { env } from '@/server/env';

/**
 * A page of one account form (forgotten password, new password, confirmation, alerts stopped by link): the
 * component with the site's address its breadcrumb needs, which a component may not read itself.
 */
export function AccountPage(props: Omit<AccountFormPageProps, 'siteUrl'>) {
  return <AccountFormPage siteUrl={env().SITE_URL} {...props} />;
}
