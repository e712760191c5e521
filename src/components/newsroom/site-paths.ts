import type { AdminPermission } from '@/lib/contracts/admin';

/** Addresses of the newsroom's pages beyond articles and staff (daily issue, home blocks, taxonomy, …). */
export const SITE_PATHS = {
  newsletters: '/redaction/newsletters',
  issues: '/redaction/numeros',
  redirects: '/redaction/redirections',
  subscribers: '/redaction/abonnes',
  home: '/redaction/accueil',
  agenda: '/redaction/agenda',
  rates: '/redaction/chiffres-taux',
  taxonomy: '/redaction/taxonomie',
  shop: '/redaction/boutique',
  pages: '/redaction/pages',
  media: '/redaction/medias',
} as const;

export const issuePath = (date: string) => `${SITE_PATHS.issues}/${date}`;
export const issuePreviewPath = (date: string) => `/redaction/apercu-numero/${date}`;

export const staticPageEditPath = (slug: string) => `${SITE_PATHS.pages}/${encodeURIComponent(slug)}`;

export const campaignPath = (id: number) => `${SITE_PATHS.newsletters}/${id}`;

/** These pages' entries of the newsroom menu (StaffShell spreads them into its own). */
export const SITE_NAV: { href: string; label: string; permission: AdminPermission }[] = [
  { href: SITE_PATHS.issues, label: 'Quotidienne', permission: 'issue.read' },
  { href: SITE_PATHS.agenda, label: 'Agenda', permission: 'article.read' },
  { href: SITE_PATHS.rates, label: 'Chiffres et taux', permission: 'article.read' },
  { href: `${SITE_PATHS.rates}/tableaux`, label: 'Tableaux de taux', permission: 'rates.read' },
  { href: SITE_PATHS.home, label: 'Page d’accueil', permission: 'home.read' },
  { href: SITE_PATHS.taxonomy, label: 'Thèmes et métiers', permission: 'article.read' },
  { href: SITE_PATHS.pages, label: 'Pages', permission: 'page.read' },
  { href: SITE_PATHS.media, label: 'Médiathèque', permission: 'article.read' },
  { href: SITE_PATHS.shop, label: 'Boutique', permission: 'shop.read' },
  { href: SITE_PATHS.newsletters, label: 'Newsletters', permission: 'newsletter.read' },
  { href: SITE_PATHS.subscribers, label: 'Abonnés', permission: 'subscriber.read' },
  { href: SITE_PATHS.redirects, label: 'Redirections', permission: 'redirect.read' },
];
