import Link from 'next/link';
import { PageAnalytics } from '@/components/layout/page-analytics';
import { NewsTeaser, toTeaser } from '@/components/news/news-teaser';
import { SectionNavigation, selectedThematicsSuffix } from '@/components/sections/section-navigation';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PATHS, RATES_SHOWCASE, RATES_TOPICS } from '@/lib/constants';
import type { SectionListing } from '@/lib/contracts/reader-pages';
import { RATE_TABLES_PATH } from '@/lib/rate-tables';
import styles from './rates.module.css';
import { RatesList } from './rates-list';

export const RATES_TITLE = 'Chiffres et taux';

/**
 * Figures and rates: the latest items, the first RATES_SHOWCASE as a showcase, the others grouped by
 * thematic with a loader for more; the thematics of a topic as filters.
 */
export function RatesView({ data, siteUrl }: { data: SectionListing; siteUrl: string }) {
  const { topic, selected, news, hasMore, filter } = data;
  const showcase = news.slice(0, RATES_SHOWCASE);
  // The list hydrates in the browser: each item as a teaser with its date written here, and its group's thematic.
  const rest = news
    .slice(RATES_SHOWCASE)
    .map((item) => ({ ...toTeaser(item), thematics: item.thematics.slice(0, 1) }));
  const heading = topic ? `${RATES_TITLE} : ${topic.label.toLowerCase()}` : RATES_TITLE;
  return (
    <div className={`container ${styles.page}`}>
      <PageAnalytics pageName="chiffres-taux" contentKind="chiffre_et_taux" />
      <Breadcrumb
        siteUrl={siteUrl}
        crumbs={[{ name: RATES_TITLE, path: PATHS.rates }, ...(topic ? [{ name: topic.label }] : [])]}
      />
      <h1 className={styles.title}>
        {heading}
        {selectedThematicsSuffix(selected)}
      </h1>
      <p className={styles.tablesLink}>
        <Link href={RATE_TABLES_PATH} prefetch={false}>
          Tableaux de référence
        </Link>{' '}
        : barèmes, taux et plafonds avec leur historique, leur valeur à une date et l’export CSV.
      </p>
      <SectionNavigation
        listing="rates"
        topics={RATES_TOPICS}
        label="Thèmes des chiffres et taux"
        selection={data}
        thematicsTitle="Par thématique"
        minimumThematics={1}
      />
      {showcase.length > 0 ? (
        <section aria-labelledby="chiffres-a-la-une">
          <h2 id="chiffres-a-la-une" className={styles.sectionTitle}>
            Les derniers chiffres et taux
          </h2>
          <ul className={styles.showcase}>
            {showcase.map((item, index) => (
              <li key={item.id} className={index === 0 ? styles.first : undefined}>
                {/* The first one's image is the page's largest paint on a phone: fetched at once. */}
                <NewsTeaser article={item} variant={index === 0 ? 'lead' : 'row'} priority={index === 0} />
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p role="status" className={styles.empty}>
          Aucun chiffre ni taux n’est publié pour cette sélection.
        </p>
      )}
      {showcase.length > 0 ? <RatesList initial={rest} hasMore={hasMore} filter={filter} /> : null}
    </div>
  );
}
