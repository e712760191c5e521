import 'server-only';
import { isMyAccountCode, MY_ACCOUNT_MESSAGES, type MyAccountCode } from '@/lib/contracts/accounts';

/**
 * Mon compte's forms work without JavaScript: each posts to a server action that redirects back to
 * /mon-compte?section=…&ok=… (or &erreur=<code>), and the page shows the message in that section. Codes, not texts,
 * travel in the URL, so a crafted link cannot make the page say anything else.
 */
const ACCOUNT_SECTIONS = [
  'profil',
  'adresse',
  'mot-de-passe',
  'newsletter',
  'alertes',
  'agenda',
  'articles',
  'appareils',
  'donnees',
  'suppression',
] as const;
export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];

const ACCOUNT_SUCCESS_MESSAGES = {
  'profil-enregistre': 'Votre profil est enregistré.',
  'mot-de-passe-modifie': 'Votre mot de passe est modifié : vos autres appareils ont été déconnectés.',
  'adresse-envoyee':
    'Un lien de confirmation a été envoyé à la nouvelle adresse : elle remplacera l’actuelle dès que vous l’aurez suivi (dans les 24 heures).',
  'confirmation-envoyee': 'Un lien de confirmation vient d’être envoyé à votre adresse.',
  'newsletter-inscrit': 'Votre inscription à la newsletter est enregistrée.',
  'newsletter-confirmation':
    'Un e-mail de confirmation vient de vous être envoyé : cliquez sur son lien pour recevoir la newsletter.',
  'newsletter-desinscrit': 'Vous ne recevrez plus la newsletter.',
  'newsletter-desinscription-envoyee':
    'Si votre adresse reçoit la newsletter, un e-mail vient de lui être envoyé : cliquez sur son lien pour confirmer la désinscription.',
  'alertes-enregistrees': 'Vos alertes sont enregistrées.',
  'alertes-arretees': 'Vos alertes sont arrêtées.',
  'agenda-enregistre': 'Votre agenda personnel est enregistré.',
  'mises-a-jour-enregistrees': 'Votre choix pour les mises à jour des articles enregistrés est enregistré.',
  'article-retire': 'L’article est retiré de vos articles enregistrés.',
  'appareil-deconnecte': 'Cet appareil est déconnecté.',
} as const;
export type AccountSuccess = keyof typeof ACCOUNT_SUCCESS_MESSAGES;

/** The redirect target of an outcome: a success or a refusal, each by its code. */
export function accountOutcomePath(
  section: AccountSection,
  outcome: { ok: AccountSuccess } | { error: MyAccountCode },
) {
  const query = new URLSearchParams({ section });
  if ('ok' in outcome) query.set('ok', outcome.ok);
  else query.set('erreur', outcome.error);
  return `/mon-compte?${query}#${section}`;
}

export type AccountNotice = { section: AccountSection; kind: 'success' | 'error'; message: string };

/** The message a Mon compte URL names, or null for none or a value that names nothing. */
export function accountNotice(query: Record<string, string | string[] | undefined>): AccountNotice | null {
  const section = ACCOUNT_SECTIONS.find((name) => name === query.section);
  if (!section) return null;
  const ok = typeof query.ok === 'string' ? query.ok : '';
  if (ok in ACCOUNT_SUCCESS_MESSAGES) {
    return { section, kind: 'success', message: ACCOUNT_SUCCESS_MESSAGES[ok as AccountSuccess] };
  }
  return isMyAccountCode(query.erreur)
    ? { section, kind: 'error', message: MY_ACCOUNT_MESSAGES[query.erreur] }
    : null;
}
