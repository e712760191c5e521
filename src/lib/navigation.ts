import { AGENDA_TOPICS, NEWS_TOPICS, PATHS, RATES_TOPICS, SIMULATOR_TOPICS } from './constants';
import type { ShopLinks } from './shop-links';
import { topicPath } from './urls';

/**
 * The site's navigation: main menu, Shop mega-menu, footer columns, social and legal links, the trades of
 * the trade selector. Data only (labels in French), so the header, the burger menu and the footer render the
 * same entries.
 */

export type NavLink = { label: string; href: string; external?: boolean };
export type NavEntry = NavLink & { children?: readonly NavLink[]; mega?: boolean };

/** Labels of topic and trade slugs. */
export const TOPIC_LABELS: Readonly<Record<string, string>> = {
  fiscal: 'Fiscal',
  social: 'Social',
  affaires: 'Affaires',
  comptable: 'Comptable',
  patrimoine: 'Patrimoine',
  immobilier: 'Immobilier',
  association: 'Associations',
  particuliers: 'Particuliers',
  finance: 'Finance',
};

/** How « Toute l’actualité … » ends for a top-level subject, by its label: the adjective agrees (« fiscale »). */
const ALL_NEWS_OF: Readonly<Record<string, string>> = {
  fiscal: 'fiscale',
  social: 'sociale',
  comptable: 'comptable',
  affaires: 'des affaires',
  immobilier: 'immobilière',
  patrimoine: 'du patrimoine',
  associations: 'des associations',
  particuliers: 'des particuliers',
  notaires: 'des notaires',
};

/** « Toute l’actualité fiscale »; a subject without a known form keeps its label after a colon. */
export function allNewsOf(topicLabel: string): string {
  const ending = ALL_NEWS_OF[topicLabel.trim().toLocaleLowerCase('fr')];
  return ending ? `Toute l’actualité ${ending}` : `Toute l’actualité : ${topicLabel}`;
}

/** "Simulateurs fiscaux", not "Simulateurs fiscal": the adjective agrees with the plural noun. */
export const SIMULATOR_TOPIC_TITLES: Readonly<Record<string, string>> = {
  fiscal: 'Simulateurs fiscaux',
  social: 'Simulateurs sociaux',
  finance: 'Simulateurs financiers',
  affaires: 'Simulateurs en droit des affaires',
};

const topicLinks = (section: 'news' | 'agenda' | 'simulators' | 'rates', slugs: readonly string[]) =>
  slugs.map((slug) => ({ label: TOPIC_LABELS[slug] ?? slug, href: topicPath(section, slug) }));

/**
 * The main navigation: News, Our offers, Free trials, Resources, Figures and rates, Agenda, Simulators, Shop.
 * `simulatorTopics`: the simulator families that hold a published simulator; the « Simulateurs » menu lists only
 * those (an empty family's page would list nothing), in the usual order.
 */
export function mainNavigation(shop: ShopLinks, simulatorTopics: readonly string[]): readonly NavEntry[] {
  return [
    {
      label: 'Actualités',
      href: PATHS.news,
      children: [
        { label: 'Toutes les actualités', href: PATHS.news },
        ...topicLinks('news', NEWS_TOPICS),
        { label: 'Archives', href: PATHS.archives },
      ],
    },
    {
      label: 'Nos offres',
      href: shop.offersOfTheMoment,
      external: true,
      children: [
        { label: 'Offres du moment', href: shop.offersOfTheMoment, external: true },
        { label: 'Solutions numériques', href: shop.digitalSolutions, external: true },
        { label: 'Mémentos', href: shop.mementos, external: true },
        { label: 'Ouvrages', href: shop.books, external: true },
        { label: 'Revues', href: shop.reviews, external: true },
        { label: 'Formations', href: shop.training, external: true },
      ],
    },
    { label: 'Essais gratuits', href: shop.freeTrials, external: true },
    {
      label: 'Ressources',
      href: shop.whitePapers,
      external: true,
      children: [
        { label: 'Livres blancs', href: shop.whitePapers, external: true },
        { label: 'Replays des webinars', href: shop.webinarReplays, external: true },
        { label: 'Ressources spéciales', href: shop.specialResources, external: true },
        { label: 'Librairie', href: PATHS.bookshop },
      ],
    },
    {
      label: 'Chiffres et taux',
      href: PATHS.rates,
      children: [
        { label: 'Tous les chiffres et taux', href: PATHS.rates },
        ...topicLinks('rates', RATES_TOPICS),
      ],
    },
    {
      label: 'Agenda',
      href: PATHS.agenda,
      children: [{ label: 'Tout l’agenda', href: PATHS.agenda }, ...topicLinks('agenda', AGENDA_TOPICS)],
    },
    {
      label: 'Simulateurs',
      href: PATHS.simulators,
      children: [
        { label: 'Tous les simulateurs', href: PATHS.simulators },
        ...topicLinks(
          'simulators',
          SIMULATOR_TOPICS.filter((slug) => simulatorTopics.includes(slug)),
        ),
      ],
    },
    { label: 'Boutique', href: shop.home, external: true, mega: true },
  ];
}

export type FeaturedProduct = { name: string; edition: string; description: string; href: string };

/** The three memento products featured in the Shop mega-menu. */
export function featuredMementos(shop: ShopLinks): readonly FeaturedProduct[] {
  return [
    {
      name: 'Mémento Fiscal',
      edition: 'Édition 2027',
      description: 'Toute la fiscalité des entreprises et des particuliers en un volume.',
      href: shop.product('/memento-fiscal.html'),
    },
    {
      name: 'Mémento Social',
      edition: 'Édition 2027',
      description: 'Droit du travail, paie et protection sociale, à jour des dernières réformes.',
      href: shop.product('/memento-social.html'),
    },
    {
      name: 'Mémento Comptable',
      edition: 'Édition 2027',
      description: 'Règles comptables françaises et normes IFRS commentées.',
      href: shop.product('/memento-comptable.html'),
    },
  ];
}

export type LinkColumn = { title: string; links: readonly NavLink[] };

/** The link columns of the Shop mega-menu, beside the featured mementos. */
export function shopMenuColumns(shop: ShopLinks): readonly LinkColumn[] {
  return [
    {
      title: 'Documentation',
      links: [
        { label: 'Mémentos', href: shop.mementos, external: true },
        { label: 'Ouvrages', href: shop.books, external: true },
        { label: 'Revues', href: shop.reviews, external: true },
      ],
    },
    {
      title: 'Solutions et services',
      links: [
        { label: 'Solutions numériques', href: shop.digitalSolutions, external: true },
        { label: 'Formations', href: shop.training, external: true },
        { label: 'Communication', href: shop.communication, external: true },
        { label: 'Sites internet', href: shop.websites, external: true },
      ],
    },
  ];
}

/** The footer's three link columns. */
export function footerColumns(shop: ShopLinks): readonly LinkColumn[] {
  return [
    {
      title: 'La Quotidienne',
      links: [
        { label: 'Actualités', href: PATHS.news },
        { label: 'Chiffres et taux', href: PATHS.rates },
        { label: 'Agenda fiscal et social', href: PATHS.agenda },
        { label: 'Simulateurs', href: PATHS.simulators },
        { label: 'Archives', href: PATHS.archives },
        { label: 'Librairie', href: PATHS.bookshop },
      ],
    },
    {
      title: 'Nos offres',
      links: [
        { label: 'Offres du moment', href: shop.offersOfTheMoment, external: true },
        { label: 'Essais gratuits', href: shop.freeTrials, external: true },
        { label: 'Mémentos, ouvrages et revues', href: shop.mementos, external: true },
        { label: 'Solutions numériques', href: shop.digitalSolutions, external: true },
        { label: 'Formations', href: shop.training, external: true },
      ],
    },
    {
      title: 'Informations',
      links: [
        { label: 'Qui sommes-nous ?', href: '/qui-sommes-nous' },
        { label: 'Livres blancs', href: shop.whitePapers, external: true },
        { label: 'Replays des webinars', href: shop.webinarReplays, external: true },
        { label: 'Mon compte client', href: shop.account, external: true },
        { label: 'Nous contacter', href: shop.contact, external: true },
      ],
    },
  ];
}

/** Social accounts, the video site and the professional network. */
export const SOCIAL_LINKS: readonly NavLink[] = [
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/editions-portalis', external: true },
  { label: 'X (Twitter)', href: 'https://x.com/editionsportalis', external: true },
  { label: 'Facebook', href: 'https://www.facebook.com/editionsportalis', external: true },
  { label: 'YouTube', href: 'https://www.youtube.com/@editionsportalis', external: true },
];

/** Legal links of the footer: the site's own pages and the shop's sales conditions. */
export const LEGAL_LINKS: readonly NavLink[] = [
  { label: 'Conditions générales d’utilisation', href: '/cgu' },
  { label: 'Conditions générales de vente', href: '/cgv' },
  { label: 'Mentions légales', href: '/mentions-legales' },
  { label: 'Données personnelles et cookies', href: '/confidentialite' },
];

/** Customer service line shown in the footer. */
export const SUPPORT_PHONE = '01 41 05 22 22';
export const SUPPORT_HOURS = 'Du lundi au vendredi, de 9h à 18h';

/** One trade of the trade selector: its slug (carried in `metier`; empty for all) and label. */
export type TradeOption = { slug: string; label: string };

/** The ten trades of the home and topic filters: all (the empty filter), then the nine trades. */
export const TRADE_OPTIONS: readonly TradeOption[] = [
  { slug: '', label: 'Tous les métiers' },
  ...[...NEWS_TOPICS, 'finance'].map((slug) => ({ slug, label: TOPIC_LABELS[slug] ?? slug })),
];
