import Link from 'next/link';
import { DAILY_NAME, PUBLISHER_NAME } from '@/lib/site';
import styles from './site-header.module.css';

const NAVIGATION = [
  { href: '/actualite', label: 'Actualités' },
  { href: '/chiffres-taux', label: 'Chiffres et taux' },
  { href: '/agenda', label: 'Agenda' },
  { href: '/simulateurs', label: 'Simulateurs' },
  { href: '/librairie', label: 'Librairie' },
];

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link href="/" className={styles.logo}>
          <span className={styles.publisher}>{PUBLISHER_NAME}</span>
          <span className={styles.daily}>{DAILY_NAME}</span>
        </Link>
      </div>
      <nav aria-label="Navigation principale" className={styles.nav}>
        <ul className={`container ${styles.menu}`}>
          {NAVIGATION.map((entry) => (
            <li key={entry.href}>
              <Link href={entry.href}>{entry.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
