'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Suspense, useId } from 'react';
import { FIRST_PAGE, QUERY_PARAM } from '@/lib/constants';
import { TRADE_OPTIONS, type TradeOption } from '@/lib/navigation';
import styles from './trade-selector.module.css';

type TradeSelectorProps = {
  /** Visible label of the select. */
  label?: string;
  /** The trades offered; the ten trades of the home and topic filters by default. */
  trades?: readonly TradeOption[];
  /** Called after the URL was rewritten (the burger menu closes itself). */
  onSelect?: (slug: string) => void;
};

/** The current URL's query string with `metier` set to a trade slug (removed for all), back on page one. */
export function tradeQuery(current: string, slug: string): string {
  const params = new URLSearchParams(current);
  if (slug) params.set(QUERY_PARAM.trade, slug);
  else params.delete(QUERY_PARAM.trade);
  if (params.get(QUERY_PARAM.page) !== null) params.set(QUERY_PARAM.page, String(FIRST_PAGE));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The trade selector: choosing a trade rewrites the query string of the current page with its slug in
 * `metier`. Without JavaScript it is a GET form with a submit button.
 *
 * Usage: `<TradeSelector label="Découvrez toutes nos offres pour votre métier" />`
 */
export function TradeSelector(props: TradeSelectorProps) {
  return (
    <Suspense fallback={<TradeSelect {...props} value="" onChange={() => {}} />}>
      <RoutedTradeSelector {...props} />
    </Suspense>
  );
}

function RoutedTradeSelector(props: TradeSelectorProps) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const value = searchParams.get(QUERY_PARAM.trade) ?? '';
  return (
    <TradeSelect
      {...props}
      value={value}
      onChange={(slug) => {
        router.push(`${pathname}${tradeQuery(searchParams.toString(), slug)}`);
        props.onSelect?.(slug);
      }}
    />
  );
}

type TradeSelectProps = TradeSelectorProps & { value: string; onChange: (slug: string) => void };

function TradeSelect({ label = 'Votre métier', trades = TRADE_OPTIONS, value, onChange }: TradeSelectProps) {
  const id = useId();
  return (
    <form method="get" className={styles.form} onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        name={QUERY_PARAM.trade}
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {trades.map((trade) => (
          <option key={trade.slug} value={trade.slug}>
            {trade.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={styles.submit}>
          Valider
        </button>
      </noscript>
    </form>
  );
}
