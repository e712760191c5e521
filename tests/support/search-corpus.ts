import { publicSearchText } from '@/server/content/paywall';
import type { Db } from '@/server/db/client';
import {
  articleSections,
  articles,
  jobs,
  productMappings,
  subscriberDocuments,
  type TagRef,
  topics,
} from '@/server/db/schema';

/**
 * A small fixed corpus for the search tests (integration, relevance judgements, end-to-end): French news and
 * subscriber documents whose expected answers are known. Not demo data: the seed builds that.
 */

function tag(label: string, slug: string): TagRef {
  return { label, slug, id: `EBX:EFL_Themes:${slug}`, shortId: slug };
}

const FISCAL = tag('Fiscal', 'fiscal');
const SOCIAL = tag('Social', 'social');
const AFFAIRES = tag('Affaires', 'affaires');
const PATRIMOINE = tag('Patrimoine', 'patrimoine');
const TVA = tag('TVA', 'tva');
const IR = tag('Impôt sur le revenu', 'impot-sur-le-revenu');
const IS = tag('Impôt sur les sociétés', 'impot-sur-les-societes');
const CONTRAT = tag('Contrat de travail', 'contrat-de-travail');
const PAIE = tag('Paie', 'paie');
const SOCIETES = tag('Sociétés', 'societes');
const SUCCESSION = tag('Successions', 'successions');

type NewsFixture = {
  id: string;
  title: string;
  summary: string;
  body: string;
  date: string;
  topics: TagRef[];
  thematics: TagRef[];
  paywalled?: boolean;
  enrichedNewsId?: string;
  /** Sections of an enriched news: only the first is readable without access. */
  sections?: { title: string; body: string }[];
};

/** A word only found in gated text: it must never reach a snippet. */
export const GATED_WORD = 'confidentialissime';

export const NEWS_FIXTURES: readonly NewsFixture[] = [
  {
    id: 'n01',
    title: 'Impôt sur le revenu 2025 : le barème progressif revalorisé',
    summary: "La loi de finances revalorise les tranches du barème de l'impôt sur le revenu de 1,8 %.",
    body: "Les contribuables bénéficient d'une revalorisation des tranches. Le prélèvement à la source est ajusté en conséquence.",
    date: '2025-01-15T08:00:00Z',
    topics: [FISCAL],
    thematics: [IR],
  },
  {
    id: 'n02',
    title: 'Les impôts locaux des entreprises en hausse',
    summary: 'La cotisation foncière des entreprises augmente dans plusieurs communes.',
    body: 'Les collectivités votent leurs taux. La contribution économique territoriale reste plafonnée.',
    date: '2025-02-03T08:00:00Z',
    topics: [FISCAL],
    thematics: [IS],
  },
  {
    id: 'n03',
    title: 'Société civile immobilière : la gérance clarifiée par la Cour de cassation',
    summary: 'Le gérant de SCI doit obtenir l’accord des associés pour vendre le bien social.',
    body: 'La Cour de cassation rappelle les pouvoirs du gérant et la portée des statuts de la société.',
    date: '2024-11-20T08:00:00Z',
    topics: [AFFAIRES],
    thematics: [SOCIETES],
  },
  {
    id: 'n04',
    title: 'Rupture conventionnelle : nouveau formulaire homologué',
    summary: 'Le formulaire Cerfa de rupture conventionnelle individuelle change au 1er avril.',
    body: "L'employeur et le salarié signent la convention de rupture puis la transmettent pour homologation.",
    date: '2025-03-28T08:00:00Z',
    topics: [SOCIAL],
    thematics: [CONTRAT],
  },
  {
    id: 'n05',
    title: 'Licenciement pour motif économique : les critères d’ordre',
    summary: "L'article L. 1233-5 du Code du travail fixe les critères d'ordre des licenciements.",
    body: "Les critères tiennent compte des charges de famille, de l'ancienneté et des qualités professionnelles.",
    date: '2024-06-12T08:00:00Z',
    topics: [SOCIAL],
    thematics: [CONTRAT],
  },
  {
    id: 'n06',
    title: 'TVA : taux réduit pour les travaux de rénovation énergétique',
    summary:
      'Le taux de 5,5 % de taxe sur la valeur ajoutée s’applique aux travaux d’amélioration énergétique.',
    body: 'Les prestataires doivent conserver une attestation du client. La facture mentionne le taux appliqué.',
    date: '2025-04-02T08:00:00Z',
    topics: [FISCAL],
    thematics: [TVA],
  },
  {
    id: 'n07',
    title: 'Facturation électronique obligatoire : le calendrier confirmé',
    summary: 'Toutes les entreprises devront recevoir des factures électroniques à partir de septembre 2026.',
    body: 'Les plateformes de dématérialisation partenaires sont immatriculées. La TVA est déclarée par e-reporting.',
    date: '2025-05-06T08:00:00Z',
    topics: [FISCAL],
    thematics: [TVA],
  },
  {
    id: 'n08',
    title: 'Bulletin de paie : la clarification des mentions obligatoires',
    summary: 'Le bulletin de salaire simplifié évolue avec le montant net social.',
    body: 'Les employeurs affichent le montant net social sur chaque fiche de paie depuis juillet.',
    date: '2024-07-01T08:00:00Z',
    topics: [SOCIAL],
    thematics: [PAIE],
  },
  {
    id: 'n09',
    title: 'Succession : abattement en ligne directe de 100 000 euros',
    summary: 'Chaque enfant bénéficie d’un abattement sur les droits de succession.',
    body: "Le notaire calcule les droits de mutation à titre gratuit après application de l'abattement.",
    date: '2024-09-10T08:00:00Z',
    topics: [PATRIMOINE],
    thematics: [SUCCESSION],
  },
  {
    id: 'n10',
    title: 'Donation-partage transgénérationnelle : mode d’emploi',
    summary: 'Les grands-parents peuvent gratifier directement leurs petits-enfants.',
    body: 'La donation-partage permet de répartir les biens de son vivant entre plusieurs générations.',
    date: '2024-10-15T08:00:00Z',
    topics: [PATRIMOINE],
    thematics: [SUCCESSION],
  },
  {
    id: 'n11',
    title: 'Crédit d’impôt recherche : le rescrit sécurise les dépenses',
    summary: 'Les entreprises innovantes peuvent interroger l’administration avant de déclarer.',
    body: "Le crédit d'impôt recherche couvre les dépenses de personnel des chercheurs et des techniciens.",
    date: '2025-06-18T08:00:00Z',
    topics: [FISCAL],
    thematics: [IS],
  },
  {
    id: 'n12',
    title: 'Télétravail : l’indemnité exonérée de cotisations',
    summary: "L'allocation forfaitaire de télétravail est exonérée dans la limite de 10 euros par jour.",
    body: 'Le salarié en télétravail reçoit une allocation destinée à couvrir ses frais professionnels.',
    date: '2025-01-22T08:00:00Z',
    topics: [SOCIAL],
    thematics: [PAIE],
  },
  {
    id: 'n13',
    title: 'Prix de transfert : la documentation renforcée',
    summary: 'Les groupes multinationaux doivent justifier leurs prix de transfert intragroupe.',
    body: `Le contrôle fiscal s'intensifie. ${'Analyse détaillée des méthodes de comparaison. '.repeat(20)} Le point ${GATED_WORD} réservé aux abonnés.`,
    date: '2025-02-14T08:00:00Z',
    topics: [FISCAL],
    thematics: [IS],
    paywalled: true,
  },
  {
    id: 'n14',
    title: 'Bail commercial : révision du loyer plafonnée',
    summary: "L'indice des loyers commerciaux plafonne la révision triennale du loyer.",
    body: 'Le bailleur doit respecter le plafonnement de la révision.',
    sections: [
      { title: 'Le principe du plafonnement', body: 'La variation de l’indice sert de plafond.' },
      { title: 'Les exceptions', body: `Section réservée : ${GATED_WORD} des clauses d'indexation.` },
    ],
    date: '2025-03-10T08:00:00Z',
    topics: [AFFAIRES],
    thematics: [SOCIETES],
    enrichedNewsId: 'e14',
  },
  {
    id: 'n15',
    title: 'Assemblée générale des sociétés anonymes : vote à distance',
    summary: 'Les actionnaires peuvent voter par visioconférence lorsque les statuts le prévoient.',
    body: 'La société organise la participation à distance et conserve la feuille de présence.',
    date: '2023-12-05T08:00:00Z',
    topics: [AFFAIRES],
    thematics: [SOCIETES],
  },
  {
    id: 'n16',
    title: 'Déclaration des revenus fonciers : le régime micro-foncier',
    summary: 'Les loyers inférieurs à 15 000 euros relèvent du micro-foncier avec un abattement de 30 %.',
    body: 'Le propriétaire déclare le montant brut des loyers sur la déclaration complémentaire.',
    date: '2024-04-18T08:00:00Z',
    topics: [FISCAL, PATRIMOINE],
    thematics: [IR],
  },
  {
    id: 'n17',
    title: 'Heures supplémentaires : la défiscalisation relevée',
    summary: "Le plafond d'exonération d'impôt des heures supplémentaires est porté à 7 500 euros.",
    body: 'La réduction de cotisations salariales sur les heures supplémentaires est maintenue.',
    date: '2023-03-14T08:00:00Z',
    topics: [SOCIAL, FISCAL],
    thematics: [PAIE, IR],
  },
  {
    id: 'n18',
    title: 'Comptes annuels : dépôt au greffe et confidentialité',
    summary: 'Les petites entreprises peuvent demander la confidentialité de leur compte de résultat.',
    body: 'Le dépôt des comptes annuels intervient dans le mois suivant leur approbation.',
    date: '2023-07-07T08:00:00Z',
    topics: [AFFAIRES],
    thematics: [SOCIETES],
  },
];

type DocFixture = {
  id: string;
  titre: string;
  micro: string;
  texte: string;
  date: string;
  type: string;
  matiere: string[];
  theme: string[];
  abonnement: string[];
  ouvrage: string;
};

export const DOC_FIXTURES: readonly DocFixture[] = [
  {
    id: 'd01',
    titre: 'Mémento Fiscal : impôt sur les sociétés, taux et assiette',
    micro: 'Le taux normal de l’impôt sur les sociétés est de 25 %.',
    texte: 'Les PME bénéficient du taux réduit de 15 % sur une fraction de leur bénéfice imposable.',
    date: '2025-01-10',
    type: 'memento',
    matiere: ['Fiscal'],
    theme: ['Impôt sur les sociétés'],
    abonnement: ['MFI'],
    ouvrage: 'Mémento Fiscal 2025',
  },
  {
    id: 'd02',
    titre: 'Code du travail : article L. 1234-5, indemnité compensatrice de préavis',
    micro: "Lorsque le salarié n'exécute pas le préavis, il a droit à une indemnité compensatrice.",
    texte:
      "L'inexécution du préavis n'entraîne aucune diminution des salaires et avantages que le salarié aurait perçus.",
    date: '2024-05-02',
    type: 'code',
    matiere: ['Social'],
    theme: ['Contrat de travail'],
    abonnement: ['CTR'],
    ouvrage: 'Code du travail 2024',
  },
  {
    id: 'd03',
    titre: 'Convention collective Syntec : classification des ingénieurs',
    micro: 'La convention collective des bureaux d’études techniques classe les ingénieurs et cadres.',
    texte: 'Les positions et coefficients déterminent les salaires minima conventionnels.',
    date: '2024-08-19',
    type: 'convention-collective',
    matiere: ['Social'],
    theme: ['Conventions collectives'],
    abonnement: ['CCN'],
    ouvrage: 'Conventions collectives',
  },
  {
    id: 'd04',
    titre: 'Formulaire : statuts de société par actions simplifiée unipersonnelle',
    micro: 'Modèle de statuts de SASU avec président associé unique.',
    texte: "L'associé unique exerce les pouvoirs dévolus à l'assemblée des associés.",
    date: '2025-02-20',
    type: 'formulaire',
    matiere: ['Affaires'],
    theme: ['Sociétés'],
    abonnement: ['FORM'],
    ouvrage: 'Formulaire des sociétés',
  },
  {
    id: 'd05',
    titre: 'Revue de droit fiscal : la taxe sur la valeur ajoutée immobilière',
    micro: 'Les ventes d’immeubles neufs sont soumises à la TVA.',
    texte: 'La TVA sur marge s’applique aux terrains à bâtir acquis sans droit à déduction.',
    date: '2024-12-01',
    type: 'revue',
    matiere: ['Fiscal'],
    theme: ['TVA'],
    abonnement: ['RDF', 'MFI'],
    ouvrage: 'Revue de droit fiscal',
  },
  {
    id: 'd06',
    titre: 'Documentation experte : contrôle fiscal et procédure de rectification',
    micro: 'La proposition de rectification ouvre un délai de réponse de trente jours.',
    texte: 'Le contribuable peut saisir la commission départementale des impôts directs.',
    date: '2023-10-12',
    type: 'documentation',
    matiere: ['Fiscal'],
    theme: ['Contrôle fiscal'],
    abonnement: ['DOCF'],
    ouvrage: 'Documentation fiscale',
  },
  {
    id: 'd07',
    titre: 'Mémento Patrimoine : assurance-vie et transmission',
    micro: "Les capitaux décès de l'assurance-vie échappent en partie aux droits de succession.",
    texte: "L'article 990 I du CGI prévoit un abattement de 152 500 euros par bénéficiaire.",
    date: '2025-03-01',
    type: 'memento',
    matiere: ['Patrimoine'],
    theme: ['Successions'],
    abonnement: ['MPA'],
    ouvrage: 'Mémento Patrimoine 2025',
  },
  {
    id: 'd08',
    titre: 'Thème express : licenciement pour faute grave',
    micro: 'La faute grave rend impossible le maintien du salarié dans l’entreprise.',
    texte: 'La procédure disciplinaire impose un entretien préalable et une notification motivée.',
    date: '2024-02-15',
    type: 'theme-express',
    matiere: ['Social'],
    theme: ['Contrat de travail'],
    abonnement: ['CTR', 'MSO'],
    ouvrage: 'Thèmes express social',
  },
  {
    id: 'd09',
    titre: 'OCDE : modèle de convention fiscale concernant le revenu et la fortune',
    micro: 'Le modèle de convention évite les doubles impositions entre États.',
    texte: "L'établissement stable et la résidence fiscale sont définis par les articles 4 et 5.",
    date: '2023-05-30',
    type: 'ocde',
    matiere: ['Fiscal'],
    theme: ['Fiscalité internationale'],
    abonnement: ['DOCF'],
    ouvrage: 'Conventions fiscales OCDE',
  },
  {
    id: 'd10',
    titre: 'Ouvrage : la comptabilité des associations',
    micro: 'Les associations tiennent une comptabilité selon le règlement ANC 2018-06.',
    texte: 'Le compte d’emploi des ressources retrace les dons reçus du public.',
    date: '2024-03-08',
    type: 'ouvrage',
    matiere: ['Comptable'],
    theme: ['Associations'],
    abonnement: ['ASSO'],
    ouvrage: 'Comptabilité des associations',
  },
];

/** Subscriptions of two jobs, for the job facet (turned into a subscription facet). */
export const JOB_FIXTURES = [
  { id: 'expertComptable', label: 'Expert-comptable', slug: 'expert-comptable' },
  { id: 'DRH', label: 'Directeur ou responsable des ressources humaines', slug: 'drh' },
];
export const MAPPING_FIXTURES = [
  { job: 'expertComptable', subject: 'fiscal', productCode: 'MFI', productLabel: 'Mémento Fiscal' },
  { job: 'expertComptable', subject: 'fiscal', productCode: 'RDF', productLabel: 'Revue de droit fiscal' },
  { job: 'DRH', subject: 'social', productCode: 'CTR', productLabel: 'Code du travail' },
  { job: 'DRH', subject: 'social', productCode: 'MSO', productLabel: 'Mémento Social' },
];

/** Writes the fixture corpus (and the topics the suggestions read) into an empty database. */
export async function insertSearchCorpus(db: Db): Promise<void> {
  await db.insert(articles).values(
    NEWS_FIXTURES.map((news) => ({
      id: news.id,
      type: 'actualite',
      slug: news.id,
      title: news.title,
      summary: news.summary,
      // As the importer stores it: the plain text of the body and of every section (gated ones included).
      bodyText: [
        news.body,
        ...(news.sections ?? []).flatMap((section) => [section.title, section.body]),
      ].join('\n'),
      bodyHtml: `<p>${news.body}</p>`,
      publicationDate: new Date(news.date),
      topics: news.topics,
      thematics: news.thematics,
      topicIds: [...news.topics, ...news.thematics].map((t) => t.id),
      paywalled: news.paywalled ?? false,
      enrichedNewsId: news.enrichedNewsId ?? null,
      // As every writer stores it: what the paywall shows a reader without access.
      publicText: publicSearchText({
        view: `<p>${news.body}</p>`,
        sections: (news.sections ?? []).map((section) => ({
          title: section.title,
          view: `<p>${section.body}</p>`,
        })),
        paywalled: news.paywalled ?? false,
      }),
    })),
  );
  await db.insert(subscriberDocuments).values(
    DOC_FIXTURES.map((doc) => ({
      id: doc.id,
      titreAffichage: doc.titre,
      microContenu: doc.micro,
      texte: doc.texte,
      dateResultat: doc.date,
      typeDocument: doc.type,
      typeUr: 'fonds',
      urId: `UR-${doc.id}`,
      matiere: doc.matiere,
      themeZapette: doc.theme,
      abonnement: doc.abonnement,
      titreOuvrage: doc.ouvrage,
    })),
  );
  await db.insert(articleSections).values(
    NEWS_FIXTURES.flatMap((news) =>
      (news.sections ?? []).map((section, index) => ({
        id: `${news.id}-s${index + 1}`,
        articleId: news.id,
        position: index + 1,
        title: section.title,
        bodyHtml: `<p>${section.body}</p>`,
      })),
    ),
  );
  const tags = [FISCAL, SOCIAL, AFFAIRES, PATRIMOINE, TVA, IR, IS, CONTRAT, PAIE, SOCIETES, SUCCESSION];
  await db.insert(topics).values(
    tags.map((t, index) => ({
      id: t.id,
      shortId: t.shortId,
      label: t.label,
      slug: t.slug,
      sortOrder: index,
    })),
  );
  await db.insert(jobs).values(JOB_FIXTURES);
  await db.insert(productMappings).values(MAPPING_FIXTURES);
}
