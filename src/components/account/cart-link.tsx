'use client';

import { useEffect, useState } from 'react';
import { CART_COUNT_COOKIE } from '@/lib/shop-links';
import styles from './cart-link.module.css';

/** The number of items in the shop cart, from its cookie; 0 when absent or unreadable. */
export function readCartCount(cookieHeader: string): number {
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== CART_COUNT_COOKIE) continue;
    const count = Number.parseInt(decodeURIComponent(value.join('=')), 10);
    return Number.isFinite(count) && count > 0 ? count : 0;
  }
  return 0;
}

/** The cart of the shop with its item count, read in the browser so the page stays cacheable. */
export function CartLink({ href }: { href: string }) {
  const [count, setCount] = useState(0);
  useEffect(() => setCount(readCartCount(document.cookie)), []);
  const label = count === 0 ? 'Panier vide' : `Panier : ${count} article${count > 1 ? 's' : ''}`;
  return (
    <a className={styles.cart} href={href} target="_blank" rel="noopener">
      <span className={styles.icon} aria-hidden="true" />
      <span className="visually-hidden">{label} (nouvel onglet)</span>
      {count > 0 ? (
        <span className={styles.badge} aria-hidden="true">
          {count}
        </span>
      ) : null}
    </a>
  );
}
