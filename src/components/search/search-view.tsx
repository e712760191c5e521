import { PageAnalytics } from '@/components/layout/page-analytics';
import { NewsTeaser } from '@/components/news/news-teaser';
import { ProductCard } from '@/components/news/product-card';
import { Pagination } from '@/components/ui/pagination';
import { FIRST_PAGE, SEARCH_FIRST_ARTICLES_BLOCK, SEARCH_SECOND_ARTICLES_BLOCK } from '@/lib/constants';
import { type SearchFacets, type SearchResult, UR_TYPES } from '@/lib/contracts/search';
import type { ShopProduct } from '@/lib/contracts/shop';
import type { ArticleResult } from '@/server/search/as-articles';
import { FacetsPanel } from './facets-panel';
import { FilterDialog } from './filter-dialog';
import styles from './search.module.css';
import { SearchForm } from './search-form';
import { SearchResultItem } from './search-result-item';
import { SearchTabs } from './search-tabs';
import type { SearchLocation } from './search-url';
import { documentTypeTabs, facetGroups, hrefOf, pageCount, sortLinks, urTabs } from './search-view-model';

type Props = {
  location: SearchLocation;
  /** Search results, or article summaries when the search is restricted to the daily's news. */
  results: SearchResult[] | ArticleResult[];
  facets: SearchFacets;
  total: number;
  bounded: boolean;
  product: ShopProduct | undefined;
  productsHref: string;
};

const count = new Intl.NumberFormat('fr-FR');

/**
 * The /search page (spec section 2 "Search"): the form, collection tabs, document-type tabs, the facets panel
 * and the results, shown as the product first, then the first result, then the next four, then the rest.
 */
export function SearchView({ location, results, facets, total, bounded, product, productsHref }: Props) {
  const pages = pageCount(total);
  const blocks = [
    results.slice(0, SEARCH_FIRST_ARTICLES_BLOCK),
    results.slice(SEARCH_FIRST_ARTICLES_BLOCK, SEARCH_FIRST_ARTICLES_BLOCK + SEARCH_SECOND_ARTICLES_BLOCK),
    results.slice(SEARCH_FIRST_ARTICLES_BLOCK + SEARCH_SECOND_ARTICLES_BLOCK),
  ].filter((block) => block.length > 0);
  const hrefForPage = (page: number) => hrefOf({ ...location, page });
  return (
    <div className={`container ${styles.page}`}>
      <PageAnalytics pageName="recherche" contentKind="recherche" />
      <h1 className={styles.heading}>
        {location.term ? <>Résultats pour « {location.term} »</> : 'Rechercher'}
      </h1>
      <SearchForm term={location.term} urType={location.urType} defaultUrType={UR_TYPES.all} />
      <SearchTabs tabs={urTabs(location, productsHref)} label="Collections" />
      <div className={styles.layout}>
        <FilterDialog selectedCount={Object.values(location.selected).flat().length}>
          <FacetsPanel
            groups={facetGroups(location, facets)}
            previousHref={location.page > FIRST_PAGE ? hrefForPage(location.page - 1) : null}
            nextHref={location.page < pages ? hrefForPage(location.page + 1) : null}
            countedNewest={bounded ? total : null}
          />
        </FilterDialog>
        <section className={styles.results} aria-labelledby="results-title">
          <h2 id="results-title" className={styles.resultsTitle}>
            {total === 0
              ? 'Aucun résultat'
              : `${bounded ? 'Plus de ' : ''}${count.format(total)} résultat${total > 1 ? 's' : ''}`}
          </h2>
          {total > 1 ? <SearchTabs tabs={sortLinks(location)} label="Trier les résultats par" /> : null}
          {facets.type_document.length > 0 ? (
            <SearchTabs tabs={documentTypeTabs(location, facets.type_document)} label="Types de document" />
          ) : null}
          {total === 0 ? <p className={styles.empty}>Votre recherche n'a donné aucun résultat.</p> : null}
          {product && location.page === FIRST_PAGE ? (
            <div className={styles.product}>
              <ProductCard product={product} />
            </div>
          ) : null}
          {blocks.map((block, index) => (
            <ol key={index === 0 ? 'first' : index === 1 ? 'next' : 'rest'} className={styles.block}>
              {block.map((result) => (
                <li key={result.id}>
                  {'asArticle' in result ? (
                    <NewsTeaser article={result} />
                  ) : (
                    <SearchResultItem result={result} />
                  )}
                </li>
              ))}
            </ol>
          ))}
          <Pagination current={location.page} total={pages} hrefFor={hrefForPage} />
        </section>
      </div>
    </div>
  );
}
