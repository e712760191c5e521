import type { Metadata } from 'next';
import Link from 'next/link';
import { StaticPage } from '@/components/static/static-page';
import styles from '@/components/static/static-page.module.css';
import { PATHS } from '@/lib/constants';
import { EMBED_PROVIDERS } from '@/lib/embeds';
import { DAILY_NAME, PUBLISHER_NAME } from '@/lib/site';
import { env } from '@/server/env';
import { pageMetadata } from '@/server/pages/seo';

export const metadata: Metadata = pageMetadata({
  title: 'Données personnelles et cookies',
  description: `Les cookies du site ${DAILY_NAME}, les données personnelles que traite ${PUBLISHER_NAME} et vos droits.`,
  path: PATHS.privacy,
});

/** The cookies the site sets or lets others set, as the consent banner describes them (src/lib/consent.ts). */
const COOKIES = [
  {
    name: 'quotidienne_session',
    purpose: 'Vous garder connecté à votre compte',
    lifetime: '1 heure, prolongée tant que vous naviguez ; 30 jours avec « Rester connecté »',
    basis: 'Nécessaire',
  },
  {
    name: 'quotidienne_consentement',
    purpose: 'Retenir vos choix sur les cookies',
    lifetime: '6 mois',
    basis: 'Nécessaire',
  },
  {
    name: 'disabledAnalytics',
    purpose: 'Retenir un refus de la mesure d’audience exprimé auparavant (toujours respecté)',
    lifetime: '1 an',
    basis: 'Nécessaire',
  },
  {
    name: 'eshop_cart_count',
    purpose: 'Afficher le nombre d’articles de votre panier de la boutique',
    lifetime: 'Fixée par la boutique',
    basis: 'Nécessaire',
  },
  {
    name: 'Cookies du gestionnaire de balises',
    purpose: 'Mesure d’audience : pages vues et liens suivis, pour améliorer le site',
    lifetime: '13 mois au plus',
    basis: 'Avec votre accord',
  },
  ...EMBED_PROVIDERS.map((platform) => ({
    name: `Cookies de ${platform.name}`,
    purpose: `Afficher dans les articles les ${platform.content} de ${platform.name}`,
    lifetime: `Fixée par ${platform.name}`,
    basis: 'Avec votre accord, plateforme par plateforme',
  })),
];

const PROCESSING = [
  {
    name: 'Compte lecteur',
    data: 'Civilité, nom, prénom, fonction, adresse e-mail, mot de passe (conservé sous forme d’empreinte, jamais en clair)',
    basis: 'Exécution des conditions d’utilisation',
    retention: 'Jusqu’à la suppression du compte',
  },
  {
    name: 'Sessions de connexion',
    data: 'Navigateur et appareil utilisés, dates de connexion et de dernière utilisation',
    basis: 'Exécution des conditions d’utilisation, sécurité',
    retention: 'Jusqu’à la déconnexion ou la fin de la session (30 jours au plus)',
  },
  {
    name: 'Newsletter',
    data: 'Adresse e-mail, dates d’inscription, de confirmation et de désinscription',
    basis: 'Consentement, confirmé par le lien envoyé à l’adresse',
    retention:
      'Jusqu’à la désinscription ; l’adresse désinscrite reste marquée comme telle pour ne plus rien recevoir, et est effacée avec le compte',
  },
  {
    name: 'Alertes par thème et articles enregistrés',
    data: 'Thèmes et thématiques choisis, fréquence, articles enregistrés',
    basis: 'Consentement',
    retention: 'Jusqu’à leur modification ou la suppression du compte',
  },
  {
    name: 'E-mails de service',
    data: 'Adresse e-mail, contenu du message (confirmation, mot de passe oublié, alertes)',
    basis: 'Exécution des conditions d’utilisation',
    retention: 'Le temps de leur envoi',
  },
  {
    name: 'Protection contre les abus',
    data: 'Adresse IP et empreinte de l’adresse e-mail, comptées lors des connexions et inscriptions',
    basis: 'Intérêt légitime (sécurité des comptes)',
    retention: 'De 10 minutes à 30 jours selon le compteur',
  },
];

export default function PrivacyPage() {
  return (
    <StaticPage
      siteUrl={env().SITE_URL}
      title="Données personnelles et cookies"
      lead={`Ce que ${DAILY_NAME} conserve sur vous, pourquoi, combien de temps, et comment exercer vos droits.`}
      updated="23 novembre 2026"
    >
      <h2>Responsable du traitement</h2>
      <p>
        {PUBLISHER_NAME}, éditeur de {DAILY_NAME}. Son délégué à la protection des données répond à vos
        questions et demandes (coordonnées dans les <Link href="/mentions-legales">mentions légales</Link>).
      </p>

      <h2>Cookies</h2>
      <p>
        Aucun cookie de mesure d’audience ni contenu d’une plateforme tierce n’est chargé avant votre accord.
        Votre choix est conservé 6 mois ; le lien « Paramètres des cookies » en bas de chaque page permet de
        le modifier à tout moment. Tant que vous n’avez pas accepté une plateforme, ses contenus sont
        remplacés par un bouton qui vous propose de les afficher.
      </p>
      {/* A scrolling region a keyboard can reach (axe: scrollable-region-focusable): the table is wider than a phone. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must take the focus to scroll by keyboard. */}
      <section className={styles.tableRegion} aria-label="Cookies" tabIndex={0}>
        <table>
          <caption className="visually-hidden">Cookies déposés par le site ou par des tiers</caption>
          <thead>
            <tr>
              <th scope="col">Cookie</th>
              <th scope="col">Finalité</th>
              <th scope="col">Durée</th>
              <th scope="col">Dépôt</th>
            </tr>
          </thead>
          <tbody>
            {COOKIES.map((cookie) => (
              <tr key={cookie.name}>
                <th scope="row">{cookie.name}</th>
                <td>{cookie.purpose}</td>
                <td>{cookie.lifetime}</td>
                <td>{cookie.basis}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <h2>Traitements de données personnelles</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must take the focus to scroll by keyboard. */}
      <section className={styles.tableRegion} aria-label="Traitements" tabIndex={0}>
        <table>
          <caption className="visually-hidden">
            Traitements, données, bases légales et durées de conservation
          </caption>
          <thead>
            <tr>
              <th scope="col">Traitement</th>
              <th scope="col">Données</th>
              <th scope="col">Base légale</th>
              <th scope="col">Conservation</th>
            </tr>
          </thead>
          <tbody>
            {PROCESSING.map((item) => (
              <tr key={item.name}>
                <th scope="row">{item.name}</th>
                <td>{item.data}</td>
                <td>{item.basis}</td>
                <td>{item.retention}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p>
        Ces données sont traitées par {PUBLISHER_NAME} et son hébergeur situé dans l’Union européenne ; elles
        ne sont ni vendues ni cédées.
      </p>

      <h2>Vos droits</h2>
      <p>
        Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de
        portabilité. Depuis <Link href={PATHS.account}>Mon compte</Link>, vous pouvez modifier votre profil et
        votre adresse, télécharger toutes vos données (fichier JSON) et supprimer votre compte ; chaque e-mail
        de newsletter ou d’alerte contient un lien de désinscription en un clic. Vous pouvez aussi introduire
        une réclamation auprès de la CNIL (www.cnil.fr).
      </p>
    </StaticPage>
  );
}
