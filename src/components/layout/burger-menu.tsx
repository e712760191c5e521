'use client';

import { type ReactNode, useId, useRef, useState } from 'react';
import { useOnDemand } from '@/components/ui/use-on-demand';
import { QUERY_PARAM } from '@/lib/constants';
import type { LinkColumn, NavEntry } from '@/lib/navigation';
import styles from './burger-menu.module.css';

// The panel runs on Radix Dialog (focus trap, scroll lock): fetched when the menu first opens, not with the page.
const loadPanel = () => import('./burger-panel');

type BurgerMenuProps = {
  entries: readonly NavEntry[];
  shopColumns: readonly LinkColumn[];
  /** The search bar, rendered by the server. */
  search: ReactNode;
};

/**
 * The mobile menu: job selector, search and the entries of the main navigation. While open, page scrolling is
 * locked, the focus stays inside, Escape closes it and the focus comes back to the button (Radix Dialog, loaded
 * at the first opening).
 */
export function BurgerMenu({ entries, shopColumns, search }: BurgerMenuProps) {
  const [open, setOpen] = useState(false);
  const [trade, setTrade] = useState('');
  const panelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useOnDemand(loadPanel, open);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={styles.burger}
        aria-haspopup="dialog"
        aria-expanded={open && panel !== null}
        aria-controls={open && panel ? panelId : undefined}
        onClick={() => {
          // The current trade is read from the URL when the menu opens (the page is static, the URL is not).
          setTrade(new URLSearchParams(window.location.search).get(QUERY_PARAM.trade) ?? '');
          setOpen(true);
        }}
      >
        <span className={styles.bars} aria-hidden="true" />
        <span className={styles.burgerLabel}>Menu</span>
      </button>
      {panel ? (
        <panel.BurgerPanel
          id={panelId}
          open={open}
          onOpenChange={setOpen}
          trigger={trigger}
          trade={trade}
          entries={entries}
          shopColumns={shopColumns}
          search={search}
        />
      ) : null}
    </>
  );
}
