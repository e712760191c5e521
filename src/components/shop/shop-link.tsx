import type { ReactNode } from 'react';

/** A link to the publisher's shop: it opens a new window, which screen-reader users are told. */
export function ShopLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (boutique, nouvelle fenêtre)</span>
    </a>
  );
}
