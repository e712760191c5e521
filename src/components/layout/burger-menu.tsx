'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useId, useState } from 'react';
import { TradeSelector } from '@/components/ui/trade-selector';
import { QUERY_PARAM } from '@/lib/constants';
import type { LinkColumn, NavEntry } from '@/lib/navigation';
import styles from './burger-menu.module.css';
import { NavLink } from './nav-link';

type BurgerMenuProps = {
  entries: readonly NavEntry[];
  shopColumns: readonly LinkColumn[];
  /** The search bar, rendered by the server. */
  search: ReactNode;
};

/**
 * The mobile menu: job selector, search and the entries of the main navigation. While open, page scrolling is
 * locked, the focus stays inside and Escape closes it (Radix Dialog).
 */
export function BurgerMenu({ entries, shopColumns, search }: BurgerMenuProps) {
  const [open, setOpen] = useState(false);
  const [trade, setTrade] = useState('');
  const close = () => setOpen(false);
  const changeOpen = (next: boolean) => {
    // The current trade is read from the URL when the menu opens (the page is static, the URL is not).
    if (next) setTrade(new URLSearchParams(window.location.search).get(QUERY_PARAM.trade) ?? '');
    setOpen(next);
  };
  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Trigger className={styles.burger}>
        <span className={styles.bars} aria-hidden="true" />
        <span className={styles.burgerLabel}>Menu</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.panel} aria-describedby={undefined}>
          <div className={styles.head}>
            <Dialog.Title className={styles.title}>Menu</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Fermer le menu">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <div className={styles.block}>
            <TradeSelector label="Votre métier" value={trade} onSelect={close} />
          </div>
          <div className={styles.block}>{search}</div>
          <nav aria-label="Menu mobile">
            <ul className={styles.entries}>
              {entries.map((entry) => (
                <BurgerEntry
                  key={entry.label}
                  entry={entry.mega ? { ...entry, children: shopColumns.flatMap((c) => c.links) } : entry}
                  onNavigate={close}
                />
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** One entry: a plain link, or a button that unfolds its links. */
function BurgerEntry({ entry, onNavigate }: { entry: NavEntry; onNavigate: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (!entry.children) {
    return (
      <li className={styles.entry}>
        <NavLink link={entry} className={styles.entryAnchor} onClick={onNavigate} />
      </li>
    );
  }
  return (
    <li className={styles.entry}>
      <button
        type="button"
        className={styles.entryButton}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((value) => !value)}
      >
        {entry.label}
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      <ul id={listId} className={styles.sublist} hidden={!expanded}>
        {[{ label: `Tout : ${entry.label}`, href: entry.href, external: entry.external }, ...entry.children]
          .filter((link, index, all) => all.findIndex((other) => other.href === link.href) === index)
          .map((link) => (
            <li key={link.href}>
              <NavLink link={link} className={styles.subLink} onClick={onNavigate} />
            </li>
          ))}
      </ul>
    </li>
  );
}
