import 'server-only';
import { ARCHIVE_START_YEAR, FREE_TRIAL_DAYS, PATHS } from '@/lib/constants';
import type { StaticPageFields, StaticPageSlug } from '@/lib/contracts/static-pages';
import { EMBED_PROVIDERS } from '@/lib/embeds';
import { DAILY_NAME, PUBLISHER_NAME } from '@/lib/site';
import { escapeHtml } from '@/lib/text';

// The editorial pages' original texts (decision 024): what the seed writes into `static_pages`,
// and what a page shows while it has no row (a database made before the pages were editable). Staff change them
// in the newsroom (/redaction/pages); the descriptions of the pages' metadata stay here, with the code.

/** The meta description of each page (search results, social cards). */
export const STATIC_PAGE_DESCRIPTIONS: Record<StaticPageSlug, string> = {
  cgu: `Les conditions d’utilisation du site ${DAILY_NAME} : accès, compte lecteur, newsletter, contenus et responsabilités.`,
  cgv: `Les conditions de vente des ouvrages, mémentos, revues, abonnements et solutions numériques de ${PUBLISHER_NAME}.`,
  'mentions-legales': `Éditeur, directeur de la publication, hébergeur et données personnelles du site ${DAILY_NAME}.`,
  'qui-sommes-nous': `${DAILY_NAME}, l’actualité juridique, fiscale, sociale et comptable de ${PUBLISHER_NAME}, éditeur de référence des professionnels du droit et du chiffre.`,
  librairie:
    'Mémentos, ouvrages, revues, solutions numériques et livres blancs gratuits pour les professionnels du droit et du chiffre.',
  confidentialite: `Les cookies du site ${DAILY_NAME}, les données personnelles que traite ${PUBLISHER_NAME} et vos droits.`,
};

const section = (title: string, ...paragraphs: string[]) =>
  `<h2>${title}</h2>${paragraphs.map((text) => `<p>${text}</p>`).join('')}`;

/** A table with a header row and a header cell per row, as the editor writes one. */
function table(headers: string[], rows: string[][]): string {
  const head = `<tr>${headers.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('')}</tr>`;
  const body = rows
    .map(
      ([first = '', ...rest]) =>
        `<tr><th scope="row">${escapeHtml(first)}</th>${rest.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table><thead>${head}</thead><tbody>${body}</tbody></table>`;
}

/** The cookies the site sets or lets others set, as the consent banner describes them (src/lib/consent.ts). */
const COOKIES: string[][] = [
  [
    'quotidienne_session',
    'Vous garder connecté à votre compte',
    '1 heure, prolongée tant que vous naviguez ; 30 jours avec « Rester connecté »',
    'Nécessaire',
  ],
  ['quotidienne_consentement', 'Retenir vos choix sur les cookies', '6 mois', 'Nécessaire'],
  [
    'disabledAnalytics',
    'Retenir un refus de la mesure d’audience exprimé auparavant (toujours respecté)',
    '1 an',
    'Nécessaire',
  ],
  [
    'eshop_cart_count',
    'Afficher le nombre d’articles de votre panier de la boutique',
    'Fixée par la boutique',
    'Nécessaire',
  ],
  [
    'Cookies du gestionnaire de balises',
    'Mesure d’audience : pages vues et liens suivis, pour améliorer le site',
    '13 mois au plus',
    'Avec votre accord',
  ],
  ...EMBED_PROVIDERS.map((platform) => [
    `Cookies de ${platform.name}`,
    `Afficher dans les articles les ${platform.content} de ${platform.name}`,
    `Fixée par ${platform.name}`,
    'Avec votre accord, plateforme par plateforme',
  ]),
];

const PROCESSING: string[][] = [
  [
    'Compte lecteur',
    'Civilité, nom, prénom, fonction, adresse e-mail, mot de passe (conservé sous forme d’empreinte, jamais en clair)',
    'Exécution des conditions d’utilisation',
    'Jusqu’à la suppression du compte',
  ],
  [
    'Sessions de connexion',
    'Navigateur et appareil utilisés, dates de connexion et de dernière utilisation',
    'Exécution des conditions d’utilisation, sécurité',
    'Jusqu’à la déconnexion ou la fin de la session (30 jours au plus)',
  ],
  [
    'Newsletter',
    'Adresse e-mail, dates d’inscription, de confirmation et de désinscription ; pour une adresse ajoutée par la rédaction, le nom et le métier indiqués, et la preuve du consentement (où et quand il a été donné)',
    'Consentement, confirmé par le lien envoyé à l’adresse ou prouvé par la source et la date enregistrées',
    'Jusqu’à la désinscription ; l’adresse désinscrite reste marquée comme telle pour ne plus rien recevoir, et est effacée avec le compte',
  ],
  [
    'Résultats des envois de la newsletter',
    'Pour chaque envoi : message accepté ou refusé par le serveur de messagerie, désinscription faite par le lien de cet envoi, et clics sur ses liens, comptés par le site lui-même (lien de redirection du site, avec un identifiant opaque qui ne contient pas votre adresse). Aucun pixel ne mesure l’ouverture des messages et aucun service tiers n’est utilisé.',
    'Intérêt légitime : mesurer l’utilité de la newsletter, sans suivi individuel',
    'Tant que l’envoi est conservé ; les clics sont enregistrés par lien sous une clé opaque propre à chaque envoi (pour compter les lecteurs distincts), jamais avec l’adresse e-mail',
  ],
  [
    'Alertes par thème et articles enregistrés',
    'Thèmes et thématiques choisis, fréquence, articles enregistrés',
    'Consentement',
    'Jusqu’à leur modification ou la suppression du compte',
  ],
  [
    'E-mails de service',
    'Adresse e-mail, contenu du message (confirmation, mot de passe oublié, alertes)',
    'Exécution des conditions d’utilisation',
    'Le temps de leur envoi',
  ],
  [
    'Protection contre les abus',
    'Adresse IP et empreinte de l’adresse e-mail, comptées lors des connexions et inscriptions',
    'Intérêt légitime (sécurité des comptes)',
    'De 10 minutes à 30 jours selon le compteur',
  ],
];

/** The six pages as the site showed them before they were editable. */
export const STATIC_PAGE_DEFAULTS: Record<StaticPageSlug, StaticPageFields> = {
  cgu: {
    title: 'Conditions générales d’utilisation',
    lead: `Les présentes conditions régissent l’accès au site ${DAILY_NAME} et son utilisation. Naviguer sur le site vaut acceptation de ces conditions.`,
    updatedOn: '2026-09-01',
    bodyHtml: [
      section(
        '1. Objet du site',
        `${DAILY_NAME}, édité par ${PUBLISHER_NAME}, publie chaque jour ouvré une actualité juridique, fiscale, sociale et comptable destinée aux professionnels : actualités, chiffres et taux, agenda des échéances, simulateurs et archives depuis 2015.`,
      ),
      section(
        '2. Accès aux contenus',
        'L’essentiel du site est accessible librement. Certaines actualités enrichies sont réservées aux lecteurs inscrits : l’inscription est gratuite et ouvre l’accès à l’intégralité de ces contenus ainsi qu’à la newsletter quotidienne. Les fonds documentaires des abonnés restent accessibles depuis leur espace dédié.',
      ),
      section(
        '3. Compte lecteur',
        'Le lecteur s’engage à fournir des informations exactes lors de son inscription et à garder son mot de passe confidentiel. Toute connexion effectuée avec ses identifiants est réputée faite par lui. Il peut fermer son compte à tout moment depuis son compte client ou en écrivant au service clients.',
      ),
      section(
        '4. Newsletter',
        'La newsletter est envoyée chaque jour ouvré aux lecteurs qui l’ont demandée. Chaque envoi contient un lien de désinscription qui prend effet immédiatement.',
      ),
      section(
        '5. Propriété intellectuelle',
        `Les articles, chiffres, tableaux, simulateurs et éléments graphiques du site sont protégés par le Code de la propriété intellectuelle. Ils peuvent être cités brièvement avec mention de la source ; toute reproduction intégrale ou diffusion systématique, notamment dans une revue de presse, requiert l’autorisation écrite de ${PUBLISHER_NAME}.`,
      ),
      section(
        '6. Simulateurs et informations publiées',
        'Les informations et résultats de simulation sont fournis à titre indicatif, selon les textes en vigueur à la date de publication. Ils ne constituent pas une consultation juridique ou fiscale et ne dispensent pas de l’analyse d’un professionnel au regard de chaque situation.',
      ),
      section(
        '7. Responsabilité',
        `${PUBLISHER_NAME} veille à l’exactitude des contenus et à la disponibilité du site, sans pouvoir les garantir en toutes circonstances. Sa responsabilité ne saurait être engagée du fait d’une interruption du service ou d’une décision prise sur le seul fondement des informations publiées.`,
      ),
      section(
        '8. Droit applicable',
        'Les présentes conditions sont soumises au droit français. À défaut de solution amiable, tout litige relève des juridictions compétentes de Paris.',
      ),
    ].join(''),
  },
  cgv: {
    title: 'Conditions générales de vente',
    lead: `Ces conditions s’appliquent aux commandes passées auprès de ${PUBLISHER_NAME} sur sa boutique en ligne, par téléphone ou par courrier.`,
    updatedOn: '2026-09-01',
    bodyHtml: [
      section(
        '1. Produits et services',
        'Le catalogue comprend des ouvrages imprimés, des mémentos, des revues, des solutions documentaires en ligne, des formations et des services. Leurs caractéristiques essentielles sont présentées sur leur fiche dans la boutique.',
      ),
      section(
        '2. Prix',
        'Les prix sont indiqués en euros toutes taxes comprises, hors frais de port précisés avant la validation de la commande. Les offres promotionnelles sont valables jusqu’à la date indiquée sur la fiche du produit.',
      ),
      section(
        '3. Commande et paiement',
        'La commande est ferme après confirmation du paiement par carte bancaire, virement ou mandat administratif. Un courriel récapitulatif est adressé au client ; la facture est disponible dans son compte client.',
      ),
      section(
        '4. Abonnements',
        `Les abonnements aux revues et solutions en ligne sont souscrits pour douze mois et renouvelés à leur terme sauf résiliation notifiée au moins un mois avant l’échéance. Un essai gratuit de ${FREE_TRIAL_DAYS} jours est proposé sur la plupart des solutions en ligne ; il prend fin de lui-même, sans engagement.`,
      ),
      section(
        '5. Livraison',
        'Les ouvrages sont expédiés sous 48 heures ouvrées en France métropolitaine. Les accès aux solutions en ligne sont ouverts dès la confirmation du paiement.',
      ),
      section(
        '6. Droit de rétractation',
        'Le client consommateur dispose de quatorze jours pour se rétracter, sans motif, à compter de la réception d’un ouvrage ou de la souscription d’un abonnement. Ce droit ne s’applique pas aux contenus numériques dont l’exécution a commencé avec son accord exprès.',
      ),
      section(
        '7. Service clients et médiation',
        'Le service clients répond du lundi au vendredi, de 9h à 18h. En cas de litige non résolu, le client consommateur peut recourir gratuitement au médiateur de la consommation dont les coordonnées figurent sur sa facture.',
      ),
    ].join(''),
  },
  'mentions-legales': {
    title: 'Mentions légales',
    lead: '',
    updatedOn: '2026-09-01',
    bodyHtml: [
      section(
        'Éditeur',
        `${PUBLISHER_NAME}, société par actions simplifiée au capital de 2 500 000 €, immatriculée au registre du commerce et des sociétés de Nanterre, dont le siège est situé 12 rue de l’Éditeur, 92200 Neuilly-sur-Seine. Téléphone : 01 41 05 22 22.`,
      ),
      section('Directeur de la publication', `Le président de ${PUBLISHER_NAME}.`),
      section(
        'Rédaction',
        `${DAILY_NAME} est rédigée par les équipes éditoriales de ${PUBLISHER_NAME} : juristes, fiscalistes, experts de la paie et de la comptabilité, sous l’autorité d’un comité de rédaction et d’un rédacteur en chef nommés dans chaque numéro.`,
      ),
      section(
        'Hébergement',
        'Le site est hébergé en France, dans des centres de données situés dans l’Union européenne, par un prestataire soumis au règlement général sur la protection des données.',
      ),
      section(
        'Données personnelles',
        `Les données recueillies lors de l’inscription, de l’abonnement à la newsletter ou d’une commande sont traitées par ${PUBLISHER_NAME} pour fournir le service demandé et, avec l’accord du lecteur, lui adresser des informations sur ses produits. Elles sont conservées trois ans après le dernier contact. Chacun dispose d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de portabilité, qu’il exerce auprès du délégué à la protection des données de l’éditeur, ainsi que du droit d’introduire une réclamation auprès de la CNIL.`,
      ),
      section(
        'Cookies',
        'Le site dépose des cookies nécessaires à son fonctionnement (session, panier) et, avec l’accord du visiteur, des cookies de mesure d’audience. Le lien « Paramètres des cookies » en bas de chaque page permet de modifier ce choix à tout moment.',
      ),
    ].join(''),
  },
  'qui-sommes-nous': {
    title: 'Qui sommes-nous ?',
    lead: `${PUBLISHER_NAME} accompagne depuis plus de cinquante ans les professionnels du droit et du chiffre. ${DAILY_NAME} est son rendez-vous quotidien d’actualité.`,
    updatedOn: null,
    bodyHtml: [
      section(
        'Une rédaction d’experts',
        'Juristes, fiscalistes, spécialistes de la paie, comptables et notaires : notre rédaction analyse chaque jour les textes, la jurisprudence et la doctrine administrative, et en tire l’essentiel pour la pratique. Chaque article est relu par un second expert avant publication.',
      ),
      section(
        'Pour les professionnels',
        'Experts-comptables, commissaires aux comptes, avocats, notaires, directions juridiques, fiscales, financières et des ressources humaines, conseillers en gestion de patrimoine, professionnels de l’immobilier, étudiants et enseignants : nos contenus sont classés par métier et par thème pour aller droit à ce qui compte.',
      ),
      '<h2>Ce que vous trouverez sur le site</h2><ul>',
      `<li><a href="${PATHS.news}">L’actualité du jour</a>, dont des actualités enrichies réservées aux lecteurs inscrits gratuitement ;</li>`,
      `<li><a href="${PATHS.rates}">les chiffres et taux</a> à jour : barèmes, plafonds, seuils et indices ;</li>`,
      `<li><a href="${PATHS.agenda}">l’agenda fiscal et social</a> des échéances du mois, à ajouter à votre calendrier ;</li>`,
      `<li><a href="${PATHS.simulators}">des simulateurs</a> fondés sur les barèmes officiels ;</li>`,
      `<li><a href="${PATHS.archives}">les archives</a> de toutes nos publications depuis ${ARCHIVE_START_YEAR}.</li></ul>`,
      section(
        'Nos ouvrages et solutions',
        `Mémentos, revues, ouvrages et solutions documentaires en ligne prolongent l’actualité par une documentation de référence tenue à jour. Découvrez-les dans <a href="${PATHS.bookshop}">notre librairie</a>.`,
      ),
    ].join(''),
  },
  librairie: {
    title: 'La librairie',
    lead: 'Mémentos, ouvrages, revues et solutions en ligne : la documentation des professionnels du droit et du chiffre, écrite par les experts de notre rédaction.',
    updatedOn: null,
    // Its products, ranges and white papers follow (the shop's catalogue and the home blocks).
    bodyHtml: '',
  },
  confidentialite: {
    title: 'Données personnelles et cookies',
    lead: `Ce que ${DAILY_NAME} conserve sur vous, pourquoi, combien de temps, et comment exercer vos droits.`,
    updatedOn: '2026-11-23',
    bodyHtml: [
      section(
        'Responsable du traitement',
        `${PUBLISHER_NAME}, éditeur de ${DAILY_NAME}. Son délégué à la protection des données répond à vos questions et demandes (coordonnées dans les <a href="/mentions-legales">mentions légales</a>).`,
      ),
      section(
        'Cookies',
        'Aucun cookie de mesure d’audience ni contenu d’une plateforme tierce n’est chargé avant votre accord. Votre choix est conservé 6 mois ; le lien « Paramètres des cookies » en bas de chaque page permet de le modifier à tout moment. Tant que vous n’avez pas accepté une plateforme, ses contenus sont remplacés par un bouton qui vous propose de les afficher.',
      ),
      table(['Cookie', 'Finalité', 'Durée', 'Dépôt'], COOKIES),
      '<h2>Traitements de données personnelles</h2>',
      table(['Traitement', 'Données', 'Base légale', 'Conservation'], PROCESSING),
      `<p>Ces données sont traitées par ${PUBLISHER_NAME} et son hébergeur situé dans l’Union européenne ; elles ne sont ni vendues ni cédées.</p>`,
      section(
        'Vos droits',
        `Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de portabilité. Depuis <a href="${PATHS.account}">Mon compte</a>, vous pouvez modifier votre profil et votre adresse, télécharger toutes vos données (fichier JSON) et supprimer votre compte ; chaque e-mail de newsletter ou d’alerte contient un lien de désinscription en un clic. Vous pouvez aussi introduire une réclamation auprès de la CNIL (www.cnil.fr).`,
      ),
    ].join(''),
  },
};
