import Link from 'next/link';
import { PUBLISHER_NAME } from '@/lib/site';
import styles from './site-footer.module.css';

const LEGAL_LINKS = [
  { href: '/cgu', label: "Conditions générales d'utilisation" },
  { href: '/cgv', label: 'Conditions générales de vente' },
  { href: '/mentions-legales', label: 'Mentions légales' },
  { href: '/qui-sommes-nous', label: 'Qui sommes-nous ?' },
];

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className="container">
        <ul className={styles.legal}>
          {LEGAL_LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
        <p className={styles.copyright}>© {PUBLISHER_NAME}</p>
      </div>
    </footer>
  );
}
