import type { Metadata } from 'next';
import Link from 'next/link';
import { StaticPage } from '@/components/static/static-page';
import { ARCHIVE_START_YEAR, PATHS } from '@/lib/constants';
import { DAILY_NAME, PUBLISHER_NAME } from '@/lib/site';
import { env } from '@/server/env';
import { pageMetadata } from '@/server/pages/seo';

export const metadata: Metadata = pageMetadata({
  title: 'Qui sommes-nous ?',
  description: `${DAILY_NAME}, l’actualité juridique, fiscale, sociale et comptable de ${PUBLISHER_NAME}, éditeur de référence des professionnels du droit et du chiffre.`,
  path: '/qui-sommes-nous',
});

export default function AboutPage() {
  return (
    <StaticPage
      siteUrl={env().SITE_URL}
      title="Qui sommes-nous ?"
      lead={`${PUBLISHER_NAME} accompagne depuis plus de cinquante ans les professionnels du droit et du chiffre. ${DAILY_NAME} est son rendez-vous quotidien d’actualité.`}
    >
      <h2>Une rédaction d’experts</h2>
      <p>
        Juristes, fiscalistes, spécialistes de la paie, comptables et notaires : notre rédaction analyse
        chaque jour les textes, la jurisprudence et la doctrine administrative, et en tire l’essentiel pour la
        pratique. Chaque article est relu par un second expert avant publication.
      </p>
      <h2>Pour les professionnels</h2>
      <p>
        Experts-comptables, commissaires aux comptes, avocats, notaires, directions juridiques, fiscales,
        financières et des ressources humaines, conseillers en gestion de patrimoine, professionnels de
        l’immobilier, étudiants et enseignants : nos contenus sont classés par métier et par thème pour aller
        droit à ce qui compte.
      </p>
      <h2>Ce que vous trouverez sur le site</h2>
      <ul>
        <li>
          <Link href={PATHS.news}>L’actualité du jour</Link>, dont des actualités enrichies réservées aux
          lecteurs inscrits gratuitement ;
        </li>
        <li>
          <Link href={PATHS.rates}>les chiffres et taux</Link> à jour : barèmes, plafonds, seuils et indices ;
        </li>
        <li>
          <Link href={PATHS.agenda}>l’agenda fiscal et social</Link> des échéances du mois, à ajouter à votre
          calendrier ;
        </li>
        <li>
          <Link href={PATHS.simulators}>des simulateurs</Link> fondés sur les barèmes officiels ;
        </li>
        <li>
          <Link href={PATHS.archives}>les archives</Link> de toutes nos publications depuis{' '}
          {ARCHIVE_START_YEAR}.
        </li>
      </ul>
      <h2>Nos ouvrages et solutions</h2>
      <p>
        Mémentos, revues, ouvrages et solutions documentaires en ligne prolongent l’actualité par une
        documentation de référence tenue à jour. Découvrez-les dans{' '}
        <Link href={PATHS.bookshop}>notre librairie</Link>.
      </p>
    </StaticPage>
  );
}
