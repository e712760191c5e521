import type { Metadata } from 'next';
import { StaticPage } from '@/components/static/static-page';
import { DAILY_NAME, PUBLISHER_NAME } from '@/lib/site';
import { env } from '@/server/env';
import { pageMetadata } from '@/server/pages/seo';

export const metadata: Metadata = pageMetadata({
  title: 'Conditions générales d’utilisation',
  description: `Les conditions d’utilisation du site ${DAILY_NAME} : accès, compte lecteur, newsletter, contenus et responsabilités.`,
  path: '/cgu',
});

export default function TermsOfUsePage() {
  return (
    <StaticPage
      siteUrl={env().SITE_URL}
      title="Conditions générales d’utilisation"
      lead={`Les présentes conditions régissent l’accès au site ${DAILY_NAME} et son utilisation. Naviguer sur le site vaut acceptation de ces conditions.`}
      updated="1er septembre 2026"
    >
      <h2>1. Objet du site</h2>
      <p>
        {DAILY_NAME}, édité par {PUBLISHER_NAME}, publie chaque jour ouvré une actualité juridique, fiscale,
        sociale et comptable destinée aux professionnels : actualités, chiffres et taux, agenda des échéances,
        simulateurs et archives depuis 2015.
      </p>
      <h2>2. Accès aux contenus</h2>
      <p>
        L’essentiel du site est accessible librement. Certaines actualités enrichies sont réservées aux
        lecteurs inscrits : l’inscription est gratuite et ouvre l’accès à l’intégralité de ces contenus ainsi
        qu’à la newsletter quotidienne. Les fonds documentaires des abonnés restent accessibles depuis leur
        espace dédié.
      </p>
      <h2>3. Compte lecteur</h2>
      <p>
        Le lecteur s’engage à fournir des informations exactes lors de son inscription et à garder son mot de
        passe confidentiel. Toute connexion effectuée avec ses identifiants est réputée faite par lui. Il peut
        fermer son compte à tout moment depuis son compte client ou en écrivant au service clients.
      </p>
      <h2>4. Newsletter</h2>
      <p>
        La newsletter est envoyée chaque jour ouvré aux lecteurs qui l’ont demandée. Chaque envoi contient un
        lien de désinscription qui prend effet immédiatement.
      </p>
      <h2>5. Propriété intellectuelle</h2>
      <p>
        Les articles, chiffres, tableaux, simulateurs et éléments graphiques du site sont protégés par le Code
        de la propriété intellectuelle. Ils peuvent être cités brièvement avec mention de la source ; toute
        reproduction intégrale ou diffusion systématique, notamment dans une revue de presse, requiert
        l’autorisation écrite de {PUBLISHER_NAME}.
      </p>
      <h2>6. Simulateurs et informations publiées</h2>
      <p>
        Les informations et résultats de simulation sont fournis à titre indicatif, selon les textes en
        vigueur à la date de publication. Ils ne constituent pas une consultation juridique ou fiscale et ne
        dispensent pas de l’analyse d’un professionnel au regard de chaque situation.
      </p>
      <h2>7. Responsabilité</h2>
      <p>
        {PUBLISHER_NAME} veille à l’exactitude des contenus et à la disponibilité du site, sans pouvoir les
        garantir en toutes circonstances. Sa responsabilité ne saurait être engagée du fait d’une interruption
        du service ou d’une décision prise sur le seul fondement des informations publiées.
      </p>
      <h2>8. Droit applicable</h2>
      <p>
        Les présentes conditions sont soumises au droit français. À défaut de solution amiable, tout litige
        relève des juridictions compétentes de Paris.
      </p>
    </StaticPage>
  );
}
