import Link from 'next/link';
import type { ReactNode } from 'react';
import type { NavLink as NavLinkData } from '@/lib/navigation';

type NavLinkProps = { link: NavLinkData; className?: string; children?: ReactNode; onClick?: () => void };

/** A navigation link: the site's own pages through next/link, the shop in a new tab. */
export function NavLink({ link, className, children, onClick }: NavLinkProps) {
  if (link.external) {
    return (
      <a href={link.href} className={className} target="_blank" rel="noopener" onClick={onClick}>
        {children ?? link.label}
        <span className="visually-hidden"> (nouvel onglet)</span>
      </a>
    );
  }
  return (
    // Menu and footer links are many and mostly unvisited: prefetching each would cost more than it saves.
    <Link href={link.href} className={className} onClick={onClick} prefetch={false}>
      {children ?? link.label}
    </Link>
  );
}
