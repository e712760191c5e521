import 'server-only';
import { NEWS_TOPICS, type NewsTopic } from '@/lib/constants';
import { slugify } from '@/lib/slug';
import type { jobs, TagRef, topics, trades } from '../db/schema';

/**
 * The demo taxonomy: the topic tree (EBX:EFL_Themes:…), the nine trade filters (EBX:EFL_Metiers:…; "all" is
 * the empty filter, not a row) and the fuller job list of registration and search.
 */

type TopicNode = {
  label: string;
  shortLabel?: string;
  explanation?: string;
  /** The text the slug is built from when it is not the label (the news topic "association" of the routes). */
  slugFrom?: string;
  children?: readonly (string | TopicNode)[];
};

const node = (label: string, children: readonly (string | TopicNode)[], shortLabel?: string): TopicNode =>
  shortLabel === undefined ? { label, children } : { label, children, shortLabel };

const TOPIC_TREE: readonly TopicNode[] = [
  {
    label: 'Fiscal',
    explanation:
      'Fiscalité des entreprises et des particuliers : impôts directs, TVA, contrôle et contentieux.',
    children: [
      node(
        'TVA',
        [
          "Champ d'application de la TVA",
          'Taux de TVA',
          'Droits à déduction',
          'TVA intracommunautaire',
          'Facturation électronique',
          'Obligations déclaratives de TVA',
        ],
        'TVA',
      ),
      node(
        'Impôt sur les sociétés',
        [
          'Résultat imposable',
          'Déficits reportables',
          'Régime mère-fille',
          'Intégration fiscale',
          "Taux de l'impôt sur les sociétés",
          'Charges financières',
        ],
        'IS',
      ),
      node(
        'Impôt sur le revenu',
        [
          'Traitements et salaires',
          'Revenus fonciers',
          'Revenus de capitaux mobiliers',
          'Plus-values mobilières',
          'Prélèvement à la source',
          "Réductions et crédits d'impôt",
        ],
        'IR',
      ),
      'Bénéfices industriels et commerciaux',
      'Bénéfices non commerciaux',
      'Bénéfices agricoles',
      node('Contrôle fiscal', [
        'Vérification de comptabilité',
        'Procédure de rectification',
        'Pénalités fiscales',
        'Abus de droit',
        'Examen de situation fiscale personnelle',
      ]),
      node('Contentieux fiscal', [
        'Réclamation contentieuse',
        'Recours juridictionnel',
        'Prescription fiscale',
      ]),
      node('Fiscalité internationale', [
        'Conventions fiscales',
        'Prix de transfert',
        'Impôt minimum mondial',
        'Établissement stable',
      ]),
      node('Fiscalité locale', [
        'Cotisation foncière des entreprises',
        'Cotisation sur la valeur ajoutée des entreprises',
        'Taxe foncière',
        "Taxe d'habitation",
      ]),
      'Enregistrement et droits de mutation',
      'Plus-values professionnelles',
      'Taxe sur les salaires',
      'Fiscalité des groupes',
      'Restructurations',
      'Loi de finances',
      "Crédit d'impôt recherche",
      'Régimes de faveur',
      "Fiscalité de l'épargne",
      'Taxes diverses',
    ],
  },
  {
    label: 'Social',
    explanation: 'Droit du travail, paie, protection sociale et relations collectives.',
    children: [
      node('Paie', [
        'Salaire et accessoires',
        'Heures supplémentaires',
        'Avantages en nature',
        'Frais professionnels',
        'Bulletin de paie',
      ]),
      node('Contrat de travail', [
        'Embauche',
        'Contrat à durée déterminée',
        "Période d'essai",
        'Clauses du contrat',
        'Télétravail',
        'Modification du contrat',
      ]),
      node('Rupture du contrat', [
        'Licenciement pour motif personnel',
        'Licenciement économique',
        'Rupture conventionnelle',
        'Démission',
        'Indemnités de rupture',
      ]),
      node('Durée du travail', [
        'Forfait jours',
        'Temps partiel',
        'Repos et jours fériés',
        'Travail de nuit',
      ]),
      'Congés payés',
      'Rémunération',
      node('Cotisations sociales', [
        'Assiette des cotisations',
        'Réductions de cotisations',
        'Contrôle Urssaf',
        'Déclaration sociale nominative',
      ]),
      'Santé et sécurité au travail',
      node('Représentation du personnel', [
        'Comité social et économique',
        'Élections professionnelles',
        'Délégués syndicaux',
      ]),
      'Négociation collective',
      'Conventions collectives',
      node('Épargne salariale', ['Intéressement', 'Participation', "Plan d'épargne entreprise"]),
      'Protection sociale complémentaire',
      'Retraite',
      'Formation professionnelle',
      "Contentieux prud'homal",
      'Discrimination et harcèlement',
      'Salariés étrangers',
      'Maladie et accidents du travail',
      'Inaptitude',
      'Égalité professionnelle',
      'Assurance chômage',
    ],
  },
  {
    label: 'Affaires',
    explanation: 'Droit des sociétés, des contrats, de la concurrence et des entreprises en difficulté.',
    children: [
      node('Droit des sociétés', [
        'Société par actions simplifiée',
        'SARL',
        'Société anonyme',
        'Sociétés civiles',
        'Assemblées générales',
        'Dirigeants sociaux',
        'Cessions de droits sociaux',
      ]),
      node('Procédures collectives', [
        'Prévention des difficultés',
        'Procédure de sauvegarde',
        'Redressement judiciaire',
        'Liquidation judiciaire',
      ]),
      node('Baux commerciaux', [
        'Renouvellement du bail',
        'Loyer du bail commercial',
        'Cession du bail',
        'Résiliation du bail',
      ]),
      node('Contrats commerciaux', [
        'Formation du contrat',
        'Exécution du contrat',
        'Délais de paiement',
        'Rupture des relations commerciales',
      ]),
      'Droit de la concurrence',
      'Distribution',
      'Consommation',
      'Sûretés',
      'Droit bancaire',
      'Fonds de commerce',
      node('Propriété intellectuelle', ['Marques', 'Brevets', "Droit d'auteur"]),
      'Données personnelles',
      'Responsabilité civile',
      'Arbitrage et médiation',
      'Droit pénal des affaires',
      'Conformité',
      'Fusions-acquisitions',
      'RSE et devoir de vigilance',
      'Commande publique',
      'Transport',
      'Commerce électronique',
    ],
  },
  {
    label: 'Comptable',
    explanation: 'Comptabilité, normes IFRS, audit, information financière et durabilité.',
    children: [
      node('Comptes annuels', ['Bilan', 'Compte de résultat', 'Annexe', 'Approbation et dépôt des comptes']),
      node('Normes IFRS', ['IFRS 15', 'IFRS 16', 'IFRS 9', 'IAS 36']),
      'Consolidation',
      node('Règles comptables', ['Immobilisations', 'Provisions', 'Stocks', 'Produits et charges']),
      'Audit et commissariat aux comptes',
      'Profession comptable',
      'Contrôle interne',
      'Information financière',
      node('Reporting de durabilité', ['Normes ESRS', 'Taxonomie européenne', 'Double matérialité']),
      "Évaluation d'entreprise",
      'Finance',
      'Trésorerie',
      'Liasse fiscale',
      'Comptabilité des opérations en devises',
    ],
  },
  {
    label: 'Immobilier',
    explanation: 'Baux, copropriété, construction, urbanisme et fiscalité immobilière.',
    children: [
      node("Baux d'habitation", [
        'Loyer et charges',
        'Congé du bailleur',
        'Dépôt de garantie',
        'Logement décent',
      ]),
      node('Copropriété', [
        'Assemblée générale de copropriété',
        'Syndic',
        'Charges de copropriété',
        'Travaux en copropriété',
      ]),
      node('Construction et urbanisme', [
        'Permis de construire',
        'Garanties de construction',
        'Marchés de travaux',
      ]),
      'Vente immobilière',
      'Promotion immobilière',
      'Fiscalité immobilière',
      'Location meublée',
      'Gestion locative',
      'Professions immobilières',
      'Diagnostics immobiliers',
      'Logement social',
      'Expropriation',
      'Baux ruraux',
      'SCI',
    ],
  },
  {
    label: 'Patrimoine',
    explanation: 'Transmission, fiscalité du patrimoine, placements et régimes matrimoniaux.',
    children: [
      node('Successions', [
        'Dévolution successorale',
        'Réserve héréditaire',
        'Partage successoral',
        'Droits de succession',
      ]),
      node('Donations', [
        'Donation-partage',
        'Dons manuels',
        "Dons familiaux de sommes d'argent",
        'Droits de donation',
      ]),
      node('Impôt sur la fortune immobilière', [], 'IFI'),
      node('Assurance-vie', [
        'Clause bénéficiaire',
        "Fiscalité de l'assurance-vie",
        'Primes manifestement exagérées',
      ]),
      node('Régimes matrimoniaux', [
        'Communauté légale',
        'Séparation de biens',
        'Changement de régime matrimonial',
      ]),
      'PACS et concubinage',
      'Démembrement de propriété',
      'Placements financiers',
      'Épargne retraite',
      "Transmission d'entreprise",
      'Libéralités',
      'Protection des majeurs',
      'Trusts',
      'Fiscalité du patrimoine',
    ],
  },
  {
    label: 'Associations',
    slugFrom: 'Association',
    explanation: 'Vie associative, fiscalité et comptabilité des associations, fondations et mécénat.',
    children: [
      node('Vie associative', ['Statuts', "Assemblées d'association", 'Adhérents']),
      'Fiscalité des associations',
      'Fondations et fonds de dotation',
      'Mécénat',
      'Comptabilité des associations',
      'Dirigeants associatifs',
      'Employeur associatif',
      'Subventions',
      'Appel à la générosité du public',
      'Secteur social et médico-social',
    ],
  },
  {
    label: 'Particuliers',
    explanation: 'Droits du quotidien : famille, logement, impôts, consommation et retraite.',
    children: [
      node('Famille', ['Mariage', 'Filiation', 'Autorité parentale', 'Pension alimentaire']),
      node('Logement', ['Achat immobilier', 'Location', 'Travaux de rénovation']),
      'Impôts des particuliers',
      'Consommation et litiges',
      'Emploi à domicile',
      'Retraite des particuliers',
      'Santé',
      'Banque et assurance',
      'Voisinage',
      'Automobile',
      'Divorce',
    ],
  },
  {
    label: 'Notaires',
    explanation: 'Actualité de la pratique notariale.',
    children: [
      'Acte authentique',
      'Droit de la famille',
      'Droit immobilier notarial',
      'Successions et libéralités',
      'Déontologie notariale',
      'Tarif des notaires',
      'Publicité foncière',
      'Droit rural',
      'Urbanisme notarial',
      'Fiscalité notariale',
    ],
  },
  {
    label: 'Conseillers en gestion du patrimoine',
    shortLabel: 'CGP',
    explanation: 'Conseil patrimonial, produits financiers et réglementation des conseillers.',
    children: [
      'Conseil patrimonial',
      'Réglementation des conseillers en investissements financiers',
      'Produits financiers',
      "Immobilier d'investissement",
      'Défiscalisation',
      'Ingénierie patrimoniale',
      'Retraite et prévoyance',
      'Lutte contre le blanchiment',
    ],
  },
  {
    label: 'OHADA',
    explanation: "Droit des affaires harmonisé des États membres de l'OHADA.",
    children: [
      'Droit commercial général',
      'Sociétés commerciales et GIE',
      'Sûretés OHADA',
      "Procédures collectives d'apurement du passif",
      "Recouvrement et voies d'exécution",
      'Arbitrage OHADA',
      'Droit comptable OHADA',
      'Sociétés coopératives',
    ],
  },
  {
    label: 'Droit local Alsace-Moselle',
    shortLabel: 'Alsace-Moselle',
    explanation: 'Règles particulières applicables dans le Bas-Rhin, le Haut-Rhin et la Moselle.',
    children: [
      'Livre foncier',
      'Associations de droit local',
      'Droit local du travail',
      "Régime local d'assurance maladie",
      'Faillite civile',
      'Jours fériés et cultes',
      'Droit communal local',
    ],
  },
  {
    label: 'Actualité et vie professionnelle',
    shortLabel: 'Vie professionnelle',
    explanation: 'La vie des professions du chiffre et du droit.',
    children: [
      'Vie des cabinets',
      'Nominations',
      'Formation continue',
      'Déontologie',
      'Numérique et legaltech',
      'Intelligence artificielle',
      'Congrès et événements',
      'Entretiens',
      "Point de vue d'expert",
    ],
  },
];

type TopicRow = typeof topics.$inferInsert & { parentId: string | null };

export type TopicEntry = TopicRow & { depth: number; tag: TagRef };

/** The whole tree in depth-first order, with unique ids and short ids. */
function buildTopics(): TopicEntry[] {
  const entries: TopicEntry[] = [];
  const usedNames = new Set<string>();
  let shortNumber = 100;

  const visit = (item: string | TopicNode, parent: TopicEntry | null, rootName: string, order: number) => {
    const topicNode = typeof item === 'string' ? { label: item } : item;
    let name = pascalName(topicNode.label);
    if (usedNames.has(name)) name = `${rootName}_${name}`;
    usedNames.add(name);
    shortNumber += 1;
    const id = `EBX:EFL_Themes:${name}`;
    const shortId = `T${shortNumber}`;
    const slug = slugify(topicNode.slugFrom ?? topicNode.label);
    const entry: TopicEntry = {
      id,
      shortId,
      label: topicNode.label,
      slug,
      parentId: parent?.id ?? null,
      sortOrder: order,
      shortLabel: topicNode.shortLabel ?? null,
      explanation: topicNode.explanation ?? null,
      depth: parent ? parent.depth + 1 : 0,
      tag: { label: topicNode.label, slug, id, shortId },
    };
    entries.push(entry);
    (topicNode.children ?? []).forEach((child, index) => {
      visit(child, entry, parent ? rootName : name, (index + 1) * 10);
    });
  };

  TOPIC_TREE.forEach((root, index) => {
    visit(root, null, pascalName(root.label), (index + 1) * 10);
  });
  return entries;
}

/** "Impôt sur les sociétés" -> "ImpotSurLesSocietes". */
function pascalName(label: string): string {
  return label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => (word[0] ?? '').toUpperCase() + word.slice(1))
    .join('');
}

/** The taxonomy indexed for the generators: news topics and their direct children (the thematics). */
export type Taxonomy = {
  entries: TopicEntry[];
  byLabel: Map<string, TopicEntry>;
  newsTopics: Map<NewsTopic, { topic: TopicEntry; thematics: TopicEntry[] }>;
};

export function buildTaxonomy(): Taxonomy {
  const entries = buildTopics();
  const byLabel = new Map<string, TopicEntry>();
  for (const entry of entries) if (!byLabel.has(entry.label)) byLabel.set(entry.label, entry);
  const newsTopics = new Map<NewsTopic, { topic: TopicEntry; thematics: TopicEntry[] }>();
  for (const slug of NEWS_TOPICS) {
    const topic = entries.find((entry) => entry.depth === 0 && entry.slug === slug);
    if (!topic) throw new Error(`Sujet d'actualité absent de l'arbre : ${slug}`);
    newsTopics.set(slug, { topic, thematics: entries.filter((entry) => entry.parentId === topic.id) });
  }
  return { entries, byLabel, newsTopics };
}

// ---------------------------------------------------------------------------------------------------------
// Trades (the nine filter rows; "all" is the empty filter)

const TRADE_DEFINITIONS = [
  ['Fiscal', 'Fiscal', 'Fiscalité', '21'],
  ['Social', 'Social', 'Social et RH', '22'],
  ['Affaires', 'Affaires', 'Droit des affaires', '23'],
  ['Comptable', 'Comptable', 'Comptabilité et audit', '24'],
  ['Patrimoine', 'Patrimoine', 'Gestion de patrimoine', '25'],
  ['Immobilier', 'Immobilier', 'Immobilier', '26'],
  ['Association', 'Association', 'Associations', '27'],
  ['Particuliers', 'Particuliers', 'Particuliers', '28'],
  ['Finance', 'Finance', 'Finance', '29'],
] as const;

export function buildTrades(): (typeof trades.$inferInsert)[] {
  return TRADE_DEFINITIONS.map(([name, labelShort, label, eshopId], index) => {
    const slug = slugify(name);
    return {
      id: `EBX:EFL_Metiers:${name}`,
      shortId: `M${index + 1}`,
      label,
      labelShort,
      slug,
      eshopId,
      link: `/${slug}.html`,
      sortOrder: (index + 1) * 10,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Jobs (spec section 3 "Trade", fuller list; ids keep the spec's spelling, edudiantEnseignant included)

/** A job in display order: its id (the spec's spelling), label, e-shop id and its group's id ('' for none). */
type JobRow = readonly [id: string, label: string, eshopId: string, groupId: string];

const JOBS: readonly JobRow[] = [
  ['expertComptable', 'Expert-comptable', '101', ''],
  ['commissaireAuxComptes', 'Commissaire aux comptes', '102', ''],
  ['entreprise', 'Entreprise', '103', ''],
  ['DRH', 'Directeur ou responsable des ressources humaines', '1031', 'entreprise'],
  ['responsablePaie', 'Responsable paie', '1032', 'entreprise'],
  ['directionJuridique', 'Direction juridique', '1033', 'entreprise'],
  ['directionFinanciereComptable', 'Direction financière et comptable', '1034', 'entreprise'],
  ['directionFiscale', 'Direction fiscale', '1035', 'entreprise'],
  ['responsableAdministrateurFinancier', 'Responsable administratif et financier', '1036', 'entreprise'],
  ['dirigeant', "Dirigeant d'entreprise", '1037', 'entreprise'],
  ['notaire', 'Notaire', '104', ''],
  ['avocat', 'Avocat', '105', ''],
  ['avocatFiscaliste', 'Avocat fiscaliste', '1051', 'avocat'],
  ['avocatSocial', 'Avocat en droit social', '1052', 'avocat'],
  ['avocatAffaires', "Avocat d'affaires", '1053', 'avocat'],
  ['avocatGeneraliste', 'Avocat généraliste', '1054', 'avocat'],
  ['CGP', 'Conseiller en gestion de patrimoine', '106', ''],
  ['professionImmobilier', "Professionnel de l'immobilier", '107', ''],
  ['edudiantEnseignant', 'Étudiant ou enseignant', '108', ''],
  ['autresTrades', 'Autres métiers', '109', ''],
];

export function buildJobs(): (typeof jobs.$inferInsert)[] {
  // Ordered 10, 20, 30… among the jobs of one group, and among the groups and lone jobs.
  const ranks = new Map<string | null, number>();
  return JOBS.map(([id, label, eshopId, groupId]) => {
    const parentId = groupId || null;
    const rank = (ranks.get(parentId) ?? 0) + 1;
    ranks.set(parentId, rank);
    return { id, label, slug: slugify(label), parentId, eshopId, sortOrder: rank * 10 };
  });
}
