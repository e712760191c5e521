import type { Metadata } from 'next';
import { RateTableIndex } from '@/components/rates/tables/rate-table-index';
import { RATE_TABLES_TITLE } from '@/components/rates/tables/rate-table-view';
import { RATE_TABLES_PATH } from '@/lib/rate-tables';
import { getDb } from '@/server/db/client';
import { env } from '@/server/env';
import { pageMetadata } from '@/server/pages/seo';
import { listRateTables } from '@/server/rate-tables/tables';

// A literal, as Next.js reads it at build time: ISR_REVALIDATE_SECONDS of src/server/http/route-table.ts.
export const revalidate = 60;

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: RATE_TABLES_TITLE,
    description:
      'Barèmes, taux et plafonds de référence avec leur historique, leur valeur à une date et un export CSV.',
    path: RATE_TABLES_PATH,
  });
}

/** /chiffres-taux/tableaux: every reference table. */
export default async function RateTablesPage() {
  return <RateTableIndex list={await listRateTables(await getDb())} siteUrl={env().SITE_URL} />;
}
