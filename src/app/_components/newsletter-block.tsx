import { subscribeNewsletterFormAction } from '@/app/actions/newsletter';
import { NewsletterForm, type NewsletterFormProps } from '@/components/newsletter/newsletter-form';

/**
 * The newsletter block of the pages (spec sections 2, 4 and 8): the browser subscribes through the API; without
 * JavaScript the form posts to a server action.
 *
 * Usage: `<NewsletterBlock />` anywhere in a page (server component).
 */
export function NewsletterBlock({ headingLevel }: Pick<NewsletterFormProps, 'headingLevel'>) {
  return <NewsletterForm headingLevel={headingLevel} action={subscribeNewsletterFormAction} />;
}
