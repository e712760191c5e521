'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, type RefObject, useId, useState } from 'react';
import { TradeSelector } from '@/components/ui/trade-selector';
import type { LinkColumn, NavEntry } from '@/lib/navigation';
import styles from './burger-menu.module.css';
import { MenuNavigationProvider } from './menu-navigation';
import { NavLink } from './nav-link';

type BurgerPanelProps = {
  /** The id of the panel, which the menu button controls. */
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button (./burger-menu.tsx), which gets the focus back when the panel closes. */
  trigger: RefObject<HTMLButtonElement | null>;
  /** The trade of the current URL, preselected. */
  trade: string;
  entries: readonly NavEntry[];
  shopColumns: readonly LinkColumn[];
  search: ReactNode;
};

/** The panel of the burger menu (./burger-menu.tsx) on Radix Dialog, in its own chunk. */
export function BurgerPanel({
  id,
  open,
  onOpenChange,
  trigger,
  trade,
  entries,
  shopColumns,
  search,
}: BurgerPanelProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          id={id}
          className={styles.panel}
          aria-describedby={undefined}
          // Radix gives the focus back to its own Trigger, which the button outside this chunk is not.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <div className={styles.head}>
            <Dialog.Title className={styles.title}>Menu</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Fermer le menu">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <div className={styles.block}>
            <TradeSelector label="Votre métier" value={trade} onSelect={close} />
          </div>
          <div className={styles.block}>
            <MenuNavigationProvider value={close}>{search}</MenuNavigationProvider>
          </div>
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
