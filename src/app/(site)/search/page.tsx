import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { SearchView } from '@/components/search/search-view';
import { wantsArticles } from '@/components/search/search-view-model';
import { QUERY_PARAM } from '@/lib/constants';
import type { ParamValue } from '@/lib/params';
import { shopLinks } from '@/lib/shop-links';
import { getReadDb } from '@/server/db/client';
import { env } from '@/server/env';
import { clientAddress } from '@/server/http/rate-limit';
import { pageReader } from '@/server/search/admission';
import { searchAsArticles } from '@/server/search/as-articles';
import { search } from '@/server/search/engine';
import { toSearchParams } from '@/server/search/params';
import { searchProducts } from '@/server/shop/products';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Recherche',
  // Result pages are endless variations of one page: kept out of search engines.
  robots: { index: false, follow: true },
};

type Props = { searchParams: Promise<Record<string, ParamValue>> };

function first(value: ParamValue): string | undefined {
  return typeof value === 'string' ? value : value?.[0];
}

/** /search?term=…&urType=…&zapette=…&metier=…&tri=…&page=… (and terme from the pre-rendering form). */
export default async function SearchPage({ searchParams }: Props) {
  const query = await searchParams;
  const params = toSearchParams({
    term: first(query[QUERY_PARAM.term]),
    terme: first(query[QUERY_PARAM.prerenderTerm]),
    page: first(query[QUERY_PARAM.page]),
    urType: first(query[QUERY_PARAM.urType]),
    facetsJson: first(query[QUERY_PARAM.facets]),
    metier: first(query[QUERY_PARAM.trade]),
    sort: first(query[QUERY_PARAM.sort]),
  });
  const db = await getReadDb();
  const term = params.term.trim();
  // The rate limit was counted by the server's HTTP hook (src/server/observability/http-server.ts), before Next.js.
  const requestHeaders = await headers();
  const reader = await pageReader(
    db,
    requestHeaders.get('cookie'),
    clientAddress({ headers: requestHeaders }),
  );
  const [answer, products] = await Promise.all([
    wantsArticles(params.selected) ? searchAsArticles(db, params, reader) : search(db, params, reader),
    term ? searchProducts(db, term) : [],
  ]);
  const shop = shopLinks(env().SHOP_BASE_URL);
  return (
    <SearchView
      location={{
        term,
        urType: params.urType,
        selected: params.selected,
        page: answer.page,
        sort: params.sort,
      }}
      results={answer.results}
      facets={answer.facets}
      total={answer.total}
      bounded={answer.bounded}
      product={products[0]}
      productsHref={shop.catalogSearch(term)}
    />
  );
}
