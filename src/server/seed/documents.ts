import 'server-only';
import type { NewsTopic } from '@/lib/constants';
import type { subscriberDocuments } from '../db/schema';
import type { DocumentTypeCode } from '../search/document-types';
import { isoOfDay, longDate, monthOf, yearOf } from './calendar';
import { CORPUS } from './corpus';
import {
  capitalize,
  courtDecision,
  FINDINGS,
  fill,
  formatEuros,
  lowerLabel,
  PRINCIPLES,
  TOLERANCES,
  typeset,
} from './editorial';
import { type Random, streamFor } from './random';
import { editionYear, type ProductRef, productByCode, productsFor, subscriptionsFor } from './shop';
import type { Taxonomy, TopicEntry } from './taxonomy';

/**
 * The subscriber document collections (the second search corpus): memento paragraphs, reviews, codes,
 * collective agreements, forms… Each document draws from its own random stream, so documents can be generated
 * batch by batch, in any batch size, with the same result.
 */

export type DocumentRow = typeof subscriberDocuments.$inferInsert;

const SUBJECT_WEIGHTS: readonly (readonly [NewsTopic, number])[] = [
  ['fiscal', 22],
  ['social', 22],
  ['affaires', 16],
  ['comptable', 12],
  ['patrimoine', 9],
  ['immobilier', 9],
  ['association', 4],
  ['particuliers', 6],
];

const TYPE_WEIGHTS: readonly (readonly [DocumentTypeCode, number])[] = [
  ['documentation', 20],
  ['memento', 18],
  ['revue', 14],
  ['code', 10],
  ['base-connaissances', 8],
  ['theme-express', 6],
  ['formulaire', 6],
  ['base-formulaires', 4],
  ['ouvrage', 4],
  ['convention-collective', 5],
  ['ocde', 1],
  ['actualite', 3],
  ['actualite-enrichie', 1],
];

const UNIT_TYPES: Record<DocumentTypeCode, string> = {
  revue: 'decision',
  documentation: 'division',
  memento: 'paragraphe',
  code: 'article',
  'base-connaissances': 'question',
  'theme-express': 'fiche',
  'base-formulaires': 'modele',
  ouvrage: 'chapitre',
  ocde: 'chapitre',
  formulaire: 'modele',
  'convention-collective': 'article',
  actualite: 'actualite',
  'actualite-enrichie': 'actualite',
};

const ASPECTS = [
  "champ d'application",
  "conditions d'application",
  'obligations déclaratives',
  'sanctions applicables',
  'calcul et liquidation',
  'régime de faveur',
  'exceptions et dérogations',
  'formalités à accomplir',
  "date d'effet",
  'preuve et contentieux',
  'exemples chiffrés',
  'cas particuliers',
  'régime transitoire',
  'articulation avec les autres dispositifs',
  'délais à respecter',
  'responsabilité des dirigeants',
  'principes généraux',
  'modalités de paiement',
  'documents à conserver',
  'contrôle et redressement',
];

const QUESTIONS = [
  'quelles sont les conditions à remplir ?',
  'quel est le délai applicable ?',
  'quelles sanctions en cas de manquement ?',
  'comment régulariser une erreur ?',
  "à partir de quand s'applique la nouvelle règle ?",
  'quels justificatifs conserver ?',
  'qui doit accomplir les formalités ?',
];

const CODE_ABBREVIATIONS: readonly (readonly [prefix: string, code: string])[] = [
  ['CGI', 'Code général des impôts'],
  ['LPF', 'Livre des procédures fiscales'],
  ['CSS', 'Code de la sécurité sociale'],
  ['C. com.', 'Code de commerce'],
  ['C. civ.', 'Code civil'],
  ['C. consom.', 'Code de la consommation'],
  ['C. ass.', 'Code des assurances'],
  ['CCH', "Code de la construction et de l'habitation"],
  ['C. urb.', "Code de l'urbanisme"],
  ['PCG', 'Plan comptable général'],
];

/** "CGI art. 209" -> Code général des impôts, article 209; "art. L. 1234-9 du Code du travail" likewise. */
function codeArticle(ref: string): { code: string; article: string } | null {
  const spelled = /^art\. (.+) du (Code .+)$/.exec(ref);
  if (spelled?.[1] && spelled[2]) return { code: spelled[2], article: spelled[1] };
  for (const [prefix, code] of CODE_ABBREVIATIONS) {
    if (ref.startsWith(`${prefix} art. `)) return { code, article: ref.slice(prefix.length + 6) };
  }
  return null;
}

const codeArticlesCache = new Map<NewsTopic, { code: string; article: string }[]>();

/** The references of a subject that are code articles (every subject quotes some). */
function codeArticles(subject: NewsTopic): { code: string; article: string }[] {
  let articles = codeArticlesCache.get(subject);
  if (!articles) {
    articles = CORPUS[subject].refs.flatMap((ref) => codeArticle(ref) ?? []);
    codeArticlesCache.set(subject, articles);
  }
  return articles;
}

const AGREEMENTS = [
  "Convention collective nationale des bureaux d'études techniques (Syntec)",
  'Convention collective nationale du commerce de détail et de gros à prédominance alimentaire',
  'Convention collective nationale de la métallurgie',
  'Convention collective nationale des cabinets d’experts-comptables et de commissaires aux comptes',
  'Convention collective nationale des hôtels, cafés, restaurants',
  "Convention collective nationale de l'immobilier",
  'Convention collective nationale du bâtiment (ouvriers)',
  'Convention collective nationale des transports routiers',
  'Convention collective nationale des services de l’automobile',
  'Convention collective nationale du notariat',
];

const AGREEMENT_TOPICS = [
  'Indemnité de licenciement',
  "Période d'essai",
  'Congés payés',
  'Classification des emplois',
  'Salaires minima',
  'Prévoyance',
  'Durée du travail',
  'Préavis',
  'Maladie et maintien de salaire',
  'Travail de nuit',
];

const FORMS: Record<NewsTopic, readonly string[]> = {
  fiscal: [
    'Réclamation contentieuse en matière d’impôt direct',
    'Demande de rescrit fiscal',
    'Réponse à une proposition de rectification',
  ],
  social: [
    'Lettre de convocation à un entretien préalable',
    'Lettre de licenciement pour faute grave',
    'Convention de rupture conventionnelle',
    'Avenant de télétravail',
  ],
  affaires: [
    "Procès-verbal d'assemblée générale ordinaire annuelle de SAS",
    'Statuts de SARL',
    'Acte de cession de parts sociales',
    'Pacte d’associés',
  ],
  comptable: [
    'Lettre de mission de l’expert-comptable',
    "Lettre d'affirmation",
    'Rapport de gestion simplifié',
  ],
  patrimoine: ['Donation-partage', 'Clause bénéficiaire de contrat d’assurance-vie', 'Testament olographe'],
  immobilier: [
    'Bail commercial',
    "Bail d'habitation meublé",
    'Congé pour vente',
    'Promesse unilatérale de vente',
  ],
  association: [
    "Statuts d'association",
    "Procès-verbal d'assemblée générale d'association",
    'Reçu fiscal de dons',
  ],
  particuliers: ['Lettre de résiliation de contrat', 'Mise en demeure de payer', 'Lettre de rétractation'],
};

const OECD_TITLES = [
  "Principes de l'OCDE applicables en matière de prix de transfert – Chapitre I : le principe de pleine concurrence",
  "Principes de l'OCDE applicables en matière de prix de transfert – Chapitre VI : les actifs incorporels",
  "Modèle de convention fiscale de l'OCDE – Article 5 : établissement stable",
  "Modèle de convention fiscale de l'OCDE – Article 15 : revenus d'emploi",
  'Règles globales anti-érosion de la base (Pilier 2) – Commentaires',
];

const REVIEW_NAMES: Record<NewsTopic, string> = {
  fiscal: 'RJF',
  social: 'RJS',
  affaires: 'BRDA',
  comptable: 'BCF',
  patrimoine: 'RFP',
  immobilier: 'BDI',
  association: 'BAF',
  particuliers: 'BDN',
};

export type DocumentContext = {
  taxonomy: Taxonomy;
  startDay: number;
  today: number;
  /** Ids of the enriched news, for the "actualite-enrichie" documents. */
  enrichedNewsIds: readonly string[];
  /** Subject -> thematic entries (level 2) and their own children (level 3). */
  subjects: Map<NewsTopic, { topic: TopicEntry; thematics: { entry: TopicEntry; children: TopicEntry[] }[] }>;
  subscriptions: Map<NewsTopic, string[]>;
};

export function documentContext(
  taxonomy: Taxonomy,
  startDay: number,
  today: number,
  enrichedNewsIds: readonly string[],
): DocumentContext {
  const subjects: DocumentContext['subjects'] = new Map();
  const subscriptions = new Map<NewsTopic, string[]>();
  for (const [slug, { topic, thematics }] of taxonomy.newsTopics) {
    subjects.set(slug, {
      topic,
      thematics: thematics.map((entry) => ({
        entry,
        children: taxonomy.entries.filter((child) => child.parentId === entry.id),
      })),
    });
    subscriptions.set(slug, subscriptionsFor(slug));
  }
  return { taxonomy, startDay, today, enrichedNewsIds, subjects, subscriptions };
}

/** The document of rank `index` (0-based). */
export function buildDocument(index: number, context: DocumentContext): DocumentRow {
  const rng = streamFor('document', index);
  const subject = rng.weighted(SUBJECT_WEIGHTS);
  const subjectData = context.subjects.get(subject);
  if (!subjectData) throw new Error(`Matière inconnue : ${subject}`);
  const corpus = CORPUS[subject];
  const thematic = rng.pick(subjectData.thematics);
  const subTheme = thematic.children.length > 0 && rng.chance(0.35) ? rng.pick(thematic.children) : null;
  let type = rng.weighted(TYPE_WEIGHTS);
  if (type === 'actualite-enrichie' && context.enrichedNewsIds.length === 0) type = 'actualite';
  if (type === 'ocde' && subject !== 'fiscal') type = 'documentation';

  const span = context.today - context.startDay;
  const day = context.today - Math.floor(span * rng.next() ** 1.8);
  const edition = editionYear(day);
  const themeLabel = (subTheme ?? thematic.entry).label;
  const theme = lowerLabel(themeLabel);
  const ref = rng.pick(corpus.refs);
  const vars = {
    theme,
    ref,
    dateEffet: longDate(day + rng.int(10, 90)),
    dateTransition: longDate(day + rng.int(120, 400)),
  };

  let title: string;
  let bookTitle: string;
  let lead: string;
  /** The shop product the document belongs to, when it is one (a memento, a review, a guide). */
  let book: ProductRef | undefined;
  let enrichedNewsId: string | null = null;
  switch (type) {
    case 'memento':
    case 'documentation':
    case 'theme-express':
    case 'ouvrage': {
      const aspect = rng.pick(ASPECTS);
      title = `${themeLabel} : ${aspect}`;
      if (type === 'memento' || type === 'ouvrage') {
        const books = productsFor(subject, type === 'ouvrage' ? ['ouvrage', 'code'] : ['memento'], edition);
        book = books.length > 0 ? rng.pick(books) : undefined;
      }
      bookTitle =
        type === 'memento'
          ? (book?.label ?? `Mémento ${subjectData.topic.label} ${edition}`)
          : type === 'documentation'
            ? `Documentation experte ${subjectData.topic.label}`
            : type === 'theme-express'
              ? `Thèmes express ${subjectData.topic.label}`
              : (book?.label ?? `${subjectData.topic.label} : le guide pratique ${edition}`);
      lead = `${capitalize(aspect)} en matière de ${theme} : ${rng.pick(PRINCIPLES)}.`;
      break;
    }
    case 'revue': {
      const review = REVIEW_NAMES[subject];
      const story = rng.pick(corpus.stories);
      const month = String(monthOf(day)).padStart(2, '0');
      title = `${review} ${month}/${String(yearOf(day) % 100).padStart(2, '0')} n° ${rng.int(1, 1200)} : ${fill(story.title, { annee: String(yearOf(day)), anneeSuivante: String(yearOf(day) + 1) })}`;
      book = productByCode(review, edition);
      bookTitle = book.label;
      lead = typeset(story.summary);
      break;
    }
    case 'code': {
      const article = codeArticle(ref) ?? rng.pick(codeArticles(subject));
      title = `${article.code} – Article ${article.article}`;
      bookTitle = `${article.code} ${edition}`;
      lead = `Version en vigueur au ${longDate(day)}, avec les renvois à la jurisprudence et à la doctrine en matière de ${theme}.`;
      break;
    }
    case 'base-connaissances': {
      title = `${themeLabel} : ${rng.pick(QUESTIONS)}`;
      bookTitle = `Questions-réponses ${subjectData.topic.label}`;
      lead = `Réponse de nos experts : ${rng.pick(PRINCIPLES)}.`;
      break;
    }
    case 'formulaire':
    case 'base-formulaires': {
      title = `Modèle : ${rng.pick(FORMS[subject])}`;
      bookTitle = type === 'formulaire' ? `Formulaire ${subjectData.topic.label}` : "Base de modèles d'actes";
      lead = `Ce modèle, à adapter à chaque situation, comporte les mentions prévues par les textes (${ref}).`;
      break;
    }
    case 'convention-collective': {
      const agreement = rng.pick(AGREEMENTS);
      const topic = rng.pick(AGREEMENT_TOPICS);
      title = `${agreement} – Article ${rng.int(1, 80)} : ${topic}`;
      bookTitle = agreement;
      lead = `Les stipulations relatives à ${lowerLabel(topic)} s'appliquent à toutes les entreprises de la branche et ne peuvent être moins favorables que la loi (${ref}).`;
      break;
    }
    case 'ocde': {
      title = rng.pick(OECD_TITLES);
      bookTitle = 'Publications de l’OCDE';
      lead = 'Texte commenté, avec les renvois aux conventions fiscales conclues par la France.';
      break;
    }
    case 'actualite':
    case 'actualite-enrichie': {
      const story = rng.pick(corpus.stories);
      title = fill(story.title, { annee: String(yearOf(day)), anneeSuivante: String(yearOf(day) + 1) });
      bookTitle = 'La Quotidienne';
      lead = typeset(story.summary);
      if (type === 'actualite-enrichie') enrichedNewsId = rng.pick(context.enrichedNewsIds);
      break;
    }
  }

  const text = [lead, ...bodySentences(rng, subject, vars, day)].join(' ');
  const subscriptions = context.subscriptions.get(subject) ?? [];
  return {
    id: `D${String(index + 1).padStart(7, '0')}`,
    enrichedNewsId,
    titreAffichage: typeset(title),
    microContenu: typeset(lead),
    texte: typeset(text),
    matiere: [subjectData.topic.label],
    themeZapette: subTheme ? [thematic.entry.label, subTheme.label] : [thematic.entry.label],
    dateResultat: isoOfDay(day),
    typeDocument: type,
    typeUr: UNIT_TYPES[type],
    urId: `${UNIT_TYPES[type].slice(0, 3).toUpperCase()}-${String(index + 1).padStart(7, '0')}`,
    abonnement: [...(book ? [book.code] : []), ...rng.sample(subscriptions, rng.int(1, 2))],
    titreOuvrage: typeset(bookTitle),
  };
}

/** Two to four sentences of legal prose quoting texts and case law. */
function bodySentences(rng: Random, subject: NewsTopic, vars: Record<string, string>, day: number): string[] {
  const corpus = CORPUS[subject];
  const sentences = [
    `Le régime s'applique sous réserve que les conditions prévues par le texte soient remplies à la date de l'opération (${vars.ref}).`,
    fill(`L'administration admet que ${rng.pick(TOLERANCES)}.`, vars),
    `La jurisprudence retient que ${rng.pick(FINDINGS)} (${courtDecision(rng, rng.pick(corpus.courts), day - rng.int(30, 900)).citation}).`,
    `En pratique, il convient de ${rng.pick(corpus.advice)}.`,
    `Le non-respect de ces obligations est sanctionné par une majoration de ${rng.pick([5, 10, 40, 80])} % (${rng.pick(corpus.refs)}).`,
    `Exemple : une entreprise dont le chiffre d'affaires s'élève à ${formatEuros(rng.int(2, 900) * 10_000)} relève du régime de droit commun.`,
    `Sur les obligations déclaratives, voir n° ${rng.int(1000, 99_999)}.`,
  ];
  return rng.sample(sentences, rng.int(2, 4));
}
