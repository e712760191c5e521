import Link from 'next/link';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PATHS } from '@/lib/constants';
import type { RateTableListAnswer } from '@/lib/contracts/rate-tables';
import { formatLongDate } from '@/lib/dates';
import { RATE_TABLES_TITLE } from './rate-table-view';
import styles from './rate-tables.module.css';

/** Every reference table, with the date its values in force took effect. */
export function RateTableIndex({ list, siteUrl }: { list: RateTableListAnswer; siteUrl: string }) {
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb
        siteUrl={siteUrl}
        crumbs={[{ name: 'Chiffres et taux', path: PATHS.rates }, { name: RATE_TABLES_TITLE }]}
      />
      <h1 className={styles.title}>{RATE_TABLES_TITLE}</h1>
      <p className={styles.description}>
        Barèmes, taux et plafonds avec leur historique : consultez la valeur à une date, téléchargez-les en
        CSV et suivez leurs mises à jour.
      </p>
      <ul className={styles.index}>
        {list.items.map((item) => (
          <li key={item.id}>
            <Link href={item.path}>{item.title}</Link>{' '}
            <span className={styles.source}>en vigueur depuis le {formatLongDate(item.effectiveFrom)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
