import Link from 'next/link';
import { AccountMenu } from '@/components/account/account-menu';
import { CartLink } from '@/components/account/cart-link';
import { HeaderSearch } from '@/components/search/header-search';
import { PATHS } from '@/lib/constants';
import { featuredMementos, mainNavigation, shopMenuColumns } from '@/lib/navigation';
import type { ShopLinks } from '@/lib/shop-links';
import { DAILY_NAME, PUBLISHER_NAME } from '@/lib/site';
import { BurgerMenu } from './burger-menu';
import { MainNavigation } from './main-navigation';
import styles from './site-header.module.css';

type SiteHeaderProps = {
  shop: ShopLinks;
  subscriberUrl: string;
  /** "Mon compte" of a logged-in reader: this site's page, or the shop's when the shop owns the accounts. */
  accountUrl: string;
  /** The simulator families that hold a published simulator: the only ones the « Simulateurs » menu lists. */
  simulatorTopics: readonly string[];
};

/**
 * The header: logo, search bar, subscriber-area link, customer-account menu, shop button with the cart count,
 * then the main navigation (the burger menu on small screens). Personal parts load in the browser.
 */
export function SiteHeader({ shop, subscriberUrl, accountUrl, simulatorTopics }: SiteHeaderProps) {
  const entries = mainNavigation(shop, simulatorTopics);
  const shopColumns = shopMenuColumns(shop);
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <BurgerMenu
          entries={[...entries, { label: 'Espace abonnés', href: subscriberUrl, external: true }]}
          shopColumns={shopColumns}
          search={<HeaderSearch />}
        />
        {/* Not prefetched: the home's payload carries its largest image's preload, fetched then by every page. */}
        <Link href="/" className={styles.logo} prefetch={false}>
          <span className={styles.publisher}>{PUBLISHER_NAME}</span>
          <span className={styles.daily}>{DAILY_NAME}</span>
          <span className="visually-hidden"> – accueil</span>
        </Link>
        <div className={styles.search}>
          <HeaderSearch />
        </div>
        {/* Search: the search bar is hidden at mobile width; this opens the search page instead. */}
        <Link href={PATHS.search} className={styles.searchButton} prefetch={false}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">Rechercher</span>
        </Link>
        <div className={styles.tools}>
          <a className={styles.subscriber} href={subscriberUrl} target="_blank" rel="noopener">
            Espace abonnés<span className="visually-hidden"> (nouvel onglet)</span>
          </a>
          <AccountMenu loginUrl={shop.login} accountUrl={accountUrl} />
          <noscript>
            <a className={styles.subscriber} href={PATHS.login}>
              Se connecter
            </a>
          </noscript>
          <a className={styles.shop} href={shop.home} target="_blank" rel="noopener">
            Accéder à la boutique<span className="visually-hidden"> (nouvel onglet)</span>
          </a>
          <CartLink href={shop.cart} />
        </div>
      </div>
      <MainNavigation entries={entries} products={featuredMementos(shop)} shopColumns={shopColumns} />
    </header>
  );
}
