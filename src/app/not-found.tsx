import type { Metadata } from 'next';
import { NOT_FOUND_METADATA, NotFoundContent } from '@/app/_components/not-found-content';

export const metadata: Metadata = NOT_FOUND_METADATA;

/**
 * A page that called `notFound()` (status 404), shown inside its section's frame: the reader's header and footer
 * on the reader site. Next sends this element with every page's payload, so it holds the text only; an unknown
 * path is answered by app/global-not-found.tsx, which brings the frame itself.
 */
export default function NotFound() {
  return <NotFoundContent />;
}
