import type { Metadata } from 'next';
import Link from 'next/link';
import { StatusPageContent } from '@/app/_components/not-found-content';
import styles from '@/components/layout/status-page.module.css';
import { PATHS } from '@/lib/constants';

export const metadata: Metadata = { title: 'Contenu retiré', robots: { index: false } };
// Never prerendered at build: its frame's menu lists the simulator families in use (the build has no database).
export const dynamic = 'force-dynamic';

/**
 * The page of a withdrawn address (status 410: an unpublished article, an old address removed), in the reader
 * site's frame like the 404 page. The HTTP hook serves it in place of those addresses and sets the status
 * (src/server/http/gone-page.ts): a Next.js page can only answer 404.
 */
export default function GonePage() {
  return (
    <StatusPageContent
      code={410}
      title="Ce contenu n’est plus disponible"
      message="La page que vous demandez a été retirée du site par la rédaction."
      links={
        <li>
          <Link href={PATHS.news} className={styles.secondary}>
            Toutes les actualités
          </Link>
        </li>
      }
    />
  );
}
