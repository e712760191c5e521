'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useState } from 'react';
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
 * `metier`. Without JavaScript it is a GET form with a submit button. The page passes the current trade (it
 * reads its own query), so the selector needs no suspense boundary of its own.
 *
 * Usage: `<TradeSelector label="Découvrez toutes nos offres pour votre métier" value={metier} />`
 */
export function TradeSelector({
  label = 'Votre métier',
  trades = TRADE_OPTIONS,
  value = '',
  onSelect,
}: TradeSelectorProps & { value?: string }) {
  const id = useId();
  const router = useRouter();
  const [selected, setSelected] = useState(value);
  useEffect(() => setSelected(value), [value]);
  return (
    <form method="get" className={styles.form} onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        name={QUERY_PARAM.trade}
        className={styles.select}
        value={selected}
        onChange={(event) => {
          const slug = event.target.value;
          setSelected(slug);
          router.push(`${window.location.pathname}${tradeQuery(window.location.search, slug)}`);
          onSelect?.(slug);
        }}
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
