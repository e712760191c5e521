import Link from 'next/link';
import { PATHS } from '@/lib/constants';
import styles from './consent-banner.module.css';

/** What the notice and the settings tell a reader about the purposes and the choice (CNIL). */
export function ConsentText({ id }: { id: string }) {
  return (
    <p id={id} className={styles.text}>
      Avec votre accord, nous mesurons l’audience du site pour l’améliorer, et des plateformes tierces
      affichent leurs contenus (podcasts, graphiques, messages X…) dans nos articles ; elles peuvent alors
      déposer des cookies. Votre choix est conservé 6 mois et vous pouvez le changer à tout moment par le lien
      « Paramètres des cookies » en bas de chaque page.{' '}
      {/* Shown to every first visitor: a prefetch would cost each one a render of the page and its script. */}
      <Link href={PATHS.privacy} prefetch={false}>
        En savoir plus sur vos données et les cookies
      </Link>
    </p>
  );
}
