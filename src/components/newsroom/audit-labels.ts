import type { AuditAction, AuditEntry } from '@/lib/contracts/admin';
import { formatDateTime } from './format';

/** The journal's actions in French. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'session.sign_in': 'Connexion',
  'session.sign_in_failed': 'Connexion refusée',
  'session.sign_out': 'Déconnexion',
  'session.sign_out_everywhere': 'Déconnexion de tous les appareils',
  'session.totp_enabled': 'Double authentification activée',
  'session.totp_disabled': 'Double authentification désactivée',
  'setup.first_administrator': 'Premier administrateur créé',
  'article.create': 'Article créé',
  'article.update': 'Article modifié',
  'article.submit': 'Article soumis à la relecture',
  'article.publish': 'Article publié',
  'article.schedule': 'Publication programmée',
  'article.unpublish': 'Article dépublié',
  'article.restore': 'Version d’article restaurée',
  'article.delete': 'Brouillon mis à la corbeille',
  'article.undelete': 'Brouillon restauré de la corbeille',
  'article.purge': 'Brouillon effacé de la corbeille',
  'media.upload': 'Média envoyé',
  'media.update': 'Média modifié',
  'media.replace': 'Fichier d’un média remplacé',
  'media.delete': 'Média supprimé',
  'staff.create': 'Compte créé',
  'staff.invite': 'Invitation envoyée',
  'staff.update': 'Compte modifié',
  'staff.password_set': 'Mot de passe défini',
  'api_key.create': 'Clé d’API créée',
  'api_key.revoke': 'Clé d’API révoquée',
  'issue.update': 'Numéro modifié',
  'issue.publish': 'Numéro publié',
  'issue.schedule': 'Numéro programmé',
  'issue.prepare': 'Numéro préparé',
  'newsletter.create': 'Campagne créée',
  'newsletter.update': 'Campagne modifiée',
  'newsletter.test': 'Test de campagne envoyé',
  'newsletter.send': 'Campagne envoyée',
  'newsletter.schedule': 'Campagne programmée',
  'newsletter.cancel': 'Campagne annulée',
  'redirect.create': 'Redirection créée',
  'redirect.delete': 'Redirection supprimée',
  'redirect.import': 'Redirections importées',
  'subscriber.unsubscribe': 'Abonné désinscrit',
  'subscriber.resubscribe': 'Réinscription proposée à un abonné',
  'subscriber.export': 'Abonnés exportés',
  'subscriber.add': 'Abonné ajouté',
  'subscriber.import': 'Abonnés importés',
  'home.update': 'Accueil modifié',
  'taxonomy.create': 'Thème créé',
  'taxonomy.update': 'Thème modifié',
  'taxonomy.delete': 'Thème supprimé',
  'page.update': 'Page modifiée',
  'page.restore': 'Version de page restaurée',
  'shop.import': 'Catalogue de la boutique importé',
  'shop.mappings': 'Correspondances de la boutique modifiées',
  'rates.publish': 'Tableau de taux publié (nouvelle version)',
  'article.note': 'Note de relecture laissée',
};

/** What an entry is about, in French. */
export const AUDIT_TARGET_LABELS: Record<string, string> = {
  article: 'Article',
  staff: 'Compte',
  api_key: 'Clé d’API',
  media: 'Média',
  issue: 'Numéro',
  newsletter: 'Campagne',
  redirect: 'Redirection',
  subscriber: 'Abonné',
  home: 'Accueil',
  topic: 'Thème',
  page: 'Page',
  shop: 'Boutique',
};

/** The names of the details' fields the server writes, in French. */
const DETAIL_LABELS: Record<string, string> = {
  title: 'Titre',
  at: 'Date',
  wasLive: 'Était en ligne',
  name: 'Nom',
  role: 'Rôle',
  alt: 'Texte alternatif',
  email: 'Adresse e-mail',
  from: 'Statut précédent',
  items: 'Éléments',
  status: 'Statut',
  news: 'Actualités',
  toPath: 'Nouvelle adresse',
  products: 'Produits',
  version: 'Version',
  label: 'Libellé',
  parentId: 'Thème parent',
  movedTo: 'Déplacé vers',
  articles: 'Articles',
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function detailValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'number') return value.toLocaleString('fr-FR');
  if (Array.isArray(value)) return value.map(detailValue).join(', ');
  return JSON.stringify(value);
}

/** An entry's details as readable lines, « Titre : … », times in Paris. */
export function auditDetailLines(details: AuditEntry['details']): string[] {
  return Object.entries(details).map(
    ([key, value]) => `${DETAIL_LABELS[key] ?? key} : ${detailValue(value)}`,
  );
}
