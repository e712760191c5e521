import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { SectionArticle } from '@/app/_components/section-article';
import { SiteChrome } from '@/app/_components/site-chrome';
import { requireStaffPage } from '@/app/redaction/require-staff-page';
import styles from '@/components/newsroom/newsroom.module.css';
import { articleEditPath, previewPath, revisionsPath } from '@/components/newsroom/paths';
import { PATHS } from '@/lib/constants';
import { type AdminArticle, ARTICLE_STATUS_LABELS } from '@/lib/contracts/admin';
import { articlePath } from '@/lib/urls';
import { getDb } from '@/server/db/client';
import { getAdminArticle } from '@/server/editorial/articles';
import { loadPreviewPage } from '@/server/editorial/preview';
import { env } from '@/server/env';
import { AppError } from '@/server/http/errors';
import type { ArticlePageData } from '@/server/pages/article-page';
import { menuSimulatorTopics } from '@/server/pages/site-menu';

export const metadata: Metadata = { title: 'Aperçu' };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ revision?: string | string[]; lecteur?: string | string[] }>;
};

/**
 * The exact public page of a draft or a revision, with the article page's own components and
 * the site's frame, for staff only, marked "Aperçu" and never cached (the newsroom layout renders per request,
 * the proxy answers `private, no-store`).
 */
export default async function PreviewPage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const revisionText = typeof query.revision === 'string' ? query.revision : undefined;
  const revision = revisionText && /^[1-9]\d{0,8}$/.test(revisionText) ? Number(revisionText) : undefined;
  const asReader = query.lecteur === 'anonyme';
  const here = previewPath(id, revision);

  const db = await getDb();
  await requireStaffPage(db, here, 'article.read');
  if (!/^[A-Za-z0-9-]{1,100}$/.test(id)) notFound();
  let preview: { state: AdminArticle; data: ArticlePageData };
  try {
    const state = await getAdminArticle(db, id);
    preview = { state, data: await loadPreviewPage(db, id, { revision, hasAccess: !asReader }) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  }

  const { article } = preview.data;
  const path = articlePath({ ...article, enrichedNewsId: article.enriched_news_id });
  const canonical = path.split('#')[0] ?? path;
  const config = env();
  const toggle = `${here}${here.includes('?') ? '&' : '?'}lecteur=anonyme`;
  return (
    <SiteChrome
      shopBaseUrl={config.SHOP_BASE_URL}
      subscriberUrl={config.SUBSCRIBER_URL}
      accountsManagedBy={config.ACCOUNTS_MANAGED_BY}
      analyticsScriptUrl={undefined}
      simulatorTopics={await menuSimulatorTopics()}
      askConsent={false}
    >
      {/* In the main region, after the site's skip link: marked before anything of the page. */}
      <div className={styles.previewBanner} role="note" aria-label="Aperçu">
        <span>
          Aperçu – {ARTICLE_STATUS_LABELS[preview.state.status]}, version {revision ?? preview.state.version}
          {revision && revision !== preview.state.version ? ' (révision)' : ''}
          {asReader ? ' – vu par un lecteur non inscrit' : ''}
        </span>
        <Link href={articleEditPath(id)}>Retour à l’éditeur</Link>
        <Link href={revisionsPath(id)}>Révisions</Link>
        {asReader ? (
          <Link href={here}>Voir en entier</Link>
        ) : (
          <Link href={toggle}>Voir comme un lecteur non inscrit</Link>
        )}
      </div>

      <SectionArticle
        data={preview.data}
        canonical={canonical}
        section={{ name: 'Actualités', path: PATHS.news, listing: 'news' }}
      />
    </SiteChrome>
  );
}
