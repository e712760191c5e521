import Link from 'next/link';
import { footerColumns, LEGAL_LINKS, SOCIAL_LINKS, SUPPORT_HOURS, SUPPORT_PHONE } from '@/lib/navigation';
import type { ShopLinks } from '@/lib/shop-links';
import { DAILY_NAME, PUBLISHER_NAME } from '@/lib/site';
import { CookieSettingsButton } from './cookie-settings-button';
import { NavLink } from './nav-link';
import styles from './site-footer.module.css';

/**
 * The footer: three link columns, customer service (phone hours and contact form), social links, legal links
 * and the cookie settings.
 */
export function SiteFooter({ shop }: { shop: ShopLinks }) {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        {footerColumns(shop).map((column) => (
          <section key={column.title} className={styles.column}>
            <h2 className={styles.heading}>{column.title}</h2>
            <ul className={styles.links}>
              {column.links.map((link) => (
                <li key={link.href}>
                  <NavLink link={link} />
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section className={styles.column}>
          <h2 className={styles.heading}>Service clients</h2>
          <p className={styles.phone}>
            <a href={`tel:${SUPPORT_PHONE.replaceAll(' ', '')}`}>{SUPPORT_PHONE}</a>
          </p>
          <p className={styles.hours}>{SUPPORT_HOURS}</p>
          <p>
            <NavLink
              link={{ label: 'Formulaire de contact', href: shop.contact, external: true }}
              className={styles.button}
            />
          </p>
          <h2 className={styles.heading}>Suivez-nous</h2>
          <ul className={styles.social}>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <NavLink link={link} />
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className={styles.bottom}>
        <div className={`container ${styles.bottomInner}`}>
          <p className={styles.brand}>
            <Link href="/" prefetch={false}>
              {DAILY_NAME}
            </Link>{' '}
            – © {new Date().getFullYear()} {PUBLISHER_NAME}
          </p>
          <ul className={styles.legal}>
            {LEGAL_LINKS.map((link) => (
              <li key={link.href}>
                <NavLink link={link} />
              </li>
            ))}
            <li>
              <CookieSettingsButton className={styles.cookieButton} />
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
