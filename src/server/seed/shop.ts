import 'server-only';
import { FORMS_LIBRARY_MODEL_COUNT, HOME_OFFERS_CATEGORY, type NewsTopic } from '@/lib/constants';
import { slugify } from '@/lib/slug';
import type {
  banners,
  mementoCodes,
  productMappings,
  shopProducts,
  solutions,
  whitePapers,
} from '../db/schema';
import { isoOfDay, monthOf, yearOf } from './calendar';
import {
  BANNER_DESKTOP_SIZE,
  BANNER_MOBILE_SIZE,
  BANNERS,
  bannerPath,
  productImagePath,
  WHITE_PAPERS,
  whitePaperImagePath,
} from './media';
import { streamFor } from './random';

/**
 * The shop side of the demo data: about 70 memento, bulletin, solution and code products (each with its shop
 * product row), the job x subject product mappings, the solutions, white papers and banners. Every shop link
 * is a path relative to the shop's base URL (SHOP_BASE_URL).
 */

type ProductKind = 'memento' | 'bulletin' | 'revue' | 'solution' | 'code' | 'ouvrage';

type ProductDefinition = {
  code: string;
  label: string;
  kind: ProductKind;
  subjects: readonly NewsTopic[];
  image: string;
};

const memento = (
  code: string,
  name: string,
  subjects: readonly NewsTopic[],
  image: string,
): ProductDefinition => ({
  code,
  label: `Mémento ${name}`,
  kind: 'memento',
  subjects,
  image,
});

export const PRODUCTS: readonly ProductDefinition[] = [
  memento('MFI', 'Fiscal', ['fiscal'], 'memento-fiscal'),
  memento('MSO', 'Social', ['social'], 'memento-social'),
  memento('MCO', 'Comptable', ['comptable'], 'memento-comptable'),
  memento('MSC', 'Sociétés commerciales', ['affaires'], 'memento-affaires'),
  memento('MPA', 'Patrimoine', ['patrimoine'], 'memento-patrimoine'),
  memento('MGI', 'Gestion immobilière', ['immobilier'], 'memento-immobilier'),
  memento('MAS', 'Associations, fondations et fonds de dotation', ['association'], 'memento-social'),
  memento('MPAI', 'Paie', ['social'], 'memento-social'),
  memento('MDC', 'Droit commercial', ['affaires'], 'memento-affaires'),
  memento('MSCV', 'Sociétés civiles', ['affaires', 'immobilier'], 'memento-affaires'),
  memento('MIFRS', 'IFRS', ['comptable'], 'memento-comptable'),
  memento('MAUD', 'Audit et commissariat aux comptes', ['comptable'], 'memento-comptable'),
  memento('MTE', "Transmission d'entreprise", ['patrimoine', 'affaires'], 'memento-patrimoine'),
  memento('MSL', 'Successions et libéralités', ['patrimoine'], 'memento-patrimoine'),
  memento('MUC', 'Urbanisme et construction', ['immobilier'], 'memento-immobilier'),
  memento('MBC', 'Baux commerciaux', ['affaires', 'immobilier'], 'memento-immobilier'),
  memento('MCOP', 'Copropriété', ['immobilier'], 'memento-immobilier'),
  memento('MFAM', 'Droit de la famille', ['particuliers', 'patrimoine'], 'memento-patrimoine'),
  memento('MCC', 'Concurrence et consommation', ['affaires'], 'memento-affaires'),
  memento('MFIN', 'Fiscalité internationale', ['fiscal'], 'memento-fiscal'),
  memento('MTVA', 'TVA', ['fiscal'], 'memento-fiscal'),
  memento('MCONS', 'Comptes consolidés', ['comptable'], 'memento-comptable'),
  memento('MEVAL', 'Évaluation', ['comptable', 'patrimoine'], 'memento-comptable'),
  memento('MFUS', 'Fusions et acquisitions', ['affaires', 'fiscal'], 'memento-affaires'),
  memento('MAGR', 'Agricole', ['fiscal'], 'memento-fiscal'),
  memento('MEDI', 'Entreprises en difficulté', ['affaires'], 'memento-affaires'),
  memento('MRC', 'Représentation du personnel', ['social'], 'memento-social'),
  memento('MPS', 'Protection sociale', ['social'], 'memento-social'),
  memento('MGRH', 'Gestion des ressources humaines', ['social'], 'memento-social'),
  memento('MFL', 'Fiscalité locale', ['fiscal'], 'memento-fiscal'),
  memento('MDL', 'Droit local Alsace-Moselle', ['affaires'], 'memento-affaires'),
  memento('MOH', 'OHADA', ['affaires', 'comptable'], 'memento-affaires'),
  {
    code: 'BRDA',
    label: 'Bulletin rapide de droit des affaires',
    kind: 'bulletin',
    subjects: ['affaires'],
    image: 'bulletin-affaires',
  },
  {
    code: 'RJF',
    label: 'Revue de jurisprudence fiscale',
    kind: 'revue',
    subjects: ['fiscal'],
    image: 'revue-fiscale',
  },
  {
    code: 'RJS',
    label: 'Revue de jurisprudence sociale',
    kind: 'revue',
    subjects: ['social'],
    image: 'revue-sociale',
  },
  {
    code: 'BCF',
    label: 'Bulletin comptable et financier',
    kind: 'bulletin',
    subjects: ['comptable'],
    image: 'bulletin-affaires',
  },
  {
    code: 'FRS',
    label: 'Feuillet rapide social',
    kind: 'bulletin',
    subjects: ['social'],
    image: 'revue-sociale',
  },
  {
    code: 'FRF',
    label: 'Feuillet rapide fiscal',
    kind: 'bulletin',
    subjects: ['fiscal'],
    image: 'revue-fiscale',
  },
  { code: 'BF', label: 'Bulletin fiscal', kind: 'bulletin', subjects: ['fiscal'], image: 'revue-fiscale' },
  {
    code: 'BPAT',
    label: 'Bulletin patrimoine',
    kind: 'bulletin',
    subjects: ['patrimoine'],
    image: 'bulletin-affaires',
  },
  {
    code: 'BDI',
    label: 'Bulletin de droit immobilier',
    kind: 'bulletin',
    subjects: ['immobilier'],
    image: 'bulletin-affaires',
  },
  {
    code: 'RJDA',
    label: 'Revue de jurisprudence de droit des affaires',
    kind: 'revue',
    subjects: ['affaires'],
    image: 'bulletin-affaires',
  },
  {
    code: 'RFP',
    label: 'Revue fiscale du patrimoine',
    kind: 'revue',
    subjects: ['patrimoine', 'fiscal'],
    image: 'revue-fiscale',
  },
  {
    code: 'BAF',
    label: 'Bulletin associations et fondations',
    kind: 'bulletin',
    subjects: ['association'],
    image: 'bulletin-affaires',
  },
  {
    code: 'BSP',
    label: 'Bulletin social de la paie',
    kind: 'bulletin',
    subjects: ['social'],
    image: 'revue-sociale',
  },
  {
    code: 'RCP',
    label: 'Revue comptable pratique',
    kind: 'revue',
    subjects: ['comptable'],
    image: 'bulletin-affaires',
  },
  {
    code: 'BDN',
    label: 'Bulletin du notariat',
    kind: 'bulletin',
    subjects: ['patrimoine', 'immobilier'],
    image: 'bulletin-affaires',
  },
  {
    code: 'BCC',
    label: 'Bulletin des conventions collectives',
    kind: 'bulletin',
    subjects: ['social'],
    image: 'revue-sociale',
  },
  {
    code: 'NAVFIS',
    label: 'Navis Fiscal',
    kind: 'solution',
    subjects: ['fiscal'],
    image: 'solution-numerique',
  },
  {
    code: 'NAVSOC',
    label: 'Navis Social',
    kind: 'solution',
    subjects: ['social'],
    image: 'solution-numerique',
  },
  {
    code: 'NAVCPT',
    label: 'Navis Comptable',
    kind: 'solution',
    subjects: ['comptable'],
    image: 'solution-numerique',
  },
  {
    code: 'NAVAFF',
    label: 'Navis Droit des affaires',
    kind: 'solution',
    subjects: ['affaires'],
    image: 'solution-numerique',
  },
  {
    code: 'NAVIMM',
    label: 'Navis Immobilier',
    kind: 'solution',
    subjects: ['immobilier'],
    image: 'solution-numerique',
  },
  {
    code: 'NAVPAT',
    label: 'Navis Patrimoine',
    kind: 'solution',
    subjects: ['patrimoine'],
    image: 'solution-numerique',
  },
  {
    code: 'NAVCC',
    label: 'Navis Conventions collectives',
    kind: 'solution',
    subjects: ['social'],
    image: 'solution-numerique',
  },
  {
    code: 'NAVASS',
    label: 'Navis Associations',
    kind: 'solution',
    subjects: ['association'],
    image: 'solution-numerique',
  },
  {
    code: 'NAVEC',
    label: 'Navis Expert-comptable',
    kind: 'solution',
    subjects: ['fiscal', 'social', 'comptable'],
    image: 'solution-numerique',
  },
  {
    code: 'NAVCAC',
    label: 'Navis Audit',
    kind: 'solution',
    subjects: ['comptable'],
    image: 'solution-numerique',
  },
  {
    code: 'NAVAV',
    label: 'Navis Avocats',
    kind: 'solution',
    subjects: ['affaires', 'social', 'fiscal'],
    image: 'solution-numerique',
  },
  {
    code: 'NAVENT',
    label: 'Navis Entreprise',
    kind: 'solution',
    subjects: ['affaires', 'fiscal', 'social'],
    image: 'solution-numerique',
  },
  {
    code: 'NAVRH',
    label: 'Navis RH et paie',
    kind: 'solution',
    subjects: ['social'],
    image: 'solution-numerique',
  },
  {
    code: 'NOTAIRE',
    label: 'Solution Notaires',
    kind: 'solution',
    subjects: ['patrimoine', 'immobilier'],
    image: 'solution-numerique',
  },
  {
    code: 'CGPSOL',
    label: 'Solution Conseil patrimonial',
    kind: 'solution',
    subjects: ['patrimoine'],
    image: 'solution-numerique',
  },
  {
    code: 'MEMNUM',
    label: 'Mémentos en ligne',
    kind: 'solution',
    subjects: ['fiscal', 'social', 'comptable', 'affaires'],
    image: 'solution-numerique',
  },
  { code: 'CGI', label: 'Code général des impôts annoté', kind: 'code', subjects: ['fiscal'], image: 'code' },
  { code: 'CTRAV', label: 'Code du travail annoté', kind: 'code', subjects: ['social'], image: 'code' },
  { code: 'CCOM', label: 'Code de commerce annoté', kind: 'code', subjects: ['affaires'], image: 'code' },
  {
    code: 'CCIV',
    label: 'Code civil annoté',
    kind: 'code',
    subjects: ['patrimoine', 'particuliers'],
    image: 'code',
  },
  { code: 'GPAIE', label: 'Guide de la paie', kind: 'ouvrage', subjects: ['social'], image: 'ouvrage' },
  {
    code: 'GCLOT',
    label: 'Guide de la clôture des comptes',
    kind: 'ouvrage',
    subjects: ['comptable'],
    image: 'ouvrage',
  },
];

/** Products featured in the home "offers of the moment" category. */
const HOME_OFFERS = new Set(['MFI', 'MSO', 'MCO', 'MSC', 'MPA', 'MGI', 'MPAI', 'MAS', 'NAVFIS', 'GPAIE']);

const KIND_CATEGORY: Record<ProductKind, string> = {
  memento: '23',
  bulletin: '24',
  revue: '24',
  solution: '25',
  code: '26',
  ouvrage: '26',
};

const PRICE_RANGE: Record<ProductKind, readonly [number, number]> = {
  memento: [149, 259],
  bulletin: [390, 890],
  revue: [450, 990],
  solution: [1190, 3990],
  code: [89, 189],
  ouvrage: [59, 129],
};

const HOOKS: Record<ProductKind, string> = {
  memento: 'Toute la matière en un volume, à jour des dernières réformes.',
  bulletin: "Chaque mois, l'actualité commentée par nos experts.",
  revue: 'La jurisprudence de référence, sélectionnée et commentée.',
  solution: 'Toute notre documentation en ligne, mise à jour en continu.',
  code: 'Le texte intégral annoté, avec la jurisprudence essentielle.',
  ouvrage: 'Une méthode pas à pas, illustrée de cas pratiques.',
};

/** The edition a publisher sells on `today`: next year's from September on. */
export function editionYear(today: number): number {
  return yearOf(today) + (monthOf(today) >= 9 ? 1 : 0);
}

/**
 * The cover of a product (drawn by scripts/generate-media.ts): its family's colours and kind, and its own title,
 * never another product's ('Mémento Paie' used to show the 'Mémento Social' cover).
 */
export function productCover(product: ProductDefinition): {
  name: string;
  family: string;
  subtitle: string;
} {
  return {
    name: `produit-${product.code.toLowerCase()}`,
    family: product.image,
    subtitle: product.kind === 'memento' ? product.label.replace(/^Mémento /, '') : product.label,
  };
}

function productLabel(product: ProductDefinition, edition: number): string {
  return product.kind === 'memento' || product.kind === 'code' || product.kind === 'ouvrage'
    ? `${product.label} ${edition}`
    : product.label;
}

function tradesFor(subjects: readonly NewsTopic[]): string[] {
  const trades = new Set<string>(subjects);
  if (subjects.includes('comptable') || subjects.includes('affaires')) trades.add('finance');
  return [...trades];
}

export function buildShop(today: number): {
  mementoCodes: (typeof mementoCodes.$inferInsert)[];
  shopProducts: (typeof shopProducts.$inferInsert)[];
  productMappings: (typeof productMappings.$inferInsert)[];
  solutions: (typeof solutions.$inferInsert)[];
  whitePapers: (typeof whitePapers.$inferInsert)[];
  banners: (typeof banners.$inferInsert)[];
} {
  const rng = streamFor('shop');
  const edition = editionYear(today);
  const codes: (typeof mementoCodes.$inferInsert)[] = [];
  const products: (typeof shopProducts.$inferInsert)[] = [];
  PRODUCTS.forEach((product, index) => {
    const label = productLabel(product, edition);
    const sku =
      product.kind === 'memento' || product.kind === 'code' || product.kind === 'ouvrage'
        ? `${product.code}-${edition}`
        : `ABO-${product.code}`;
    codes.push({ code: product.code, sku, label, kind: product.kind });
    const [low, high] = PRICE_RANGE[product.kind];
    const price = rng.int(low, high);
    const featured = HOME_OFFERS.has(product.code);
    const discount = featured ? rng.pick([10, 15, 20]) : rng.chance(0.15) ? 10 : 0;
    const finalPrice = discount > 0 ? Math.round(price * (1 - discount / 100)) : price;
    products.push({
      sku,
      name: label,
      imageUrl: productImagePath(productCover(product).name),
      productUrl: `/${slugify(label)}.html`,
      addToCartUrl: `/checkout/cart/add/sku/${sku}`,
      hookPhrase: HOOKS[product.kind],
      categories: featured
        ? [HOME_OFFERS_CATEGORY, KIND_CATEGORY[product.kind]]
        : [KIND_CATEGORY[product.kind]],
      discountLabel: discount > 0 ? `-${discount} %` : null,
      promoLabel: featured
        ? rng.pick(['Nouvelle édition', 'Offre du moment', 'Précommande'])
        : product.kind === 'solution'
          ? 'Essai gratuit 10 jours'
          : null,
      finalPrice: finalPrice.toFixed(2),
      originalPrice: discount > 0 ? price.toFixed(2) : null,
      spToDate: discount > 0 ? isoOfDay(today + 45) : null,
      trades: tradesFor(product.subjects),
      subjects: [...product.subjects],
      position: index + 1,
    });
  });

  const labelOf = new Map(codes.map((code) => [code.code, code.label]));
  const productMappingRows = MAPPINGS.map(([job, subject, code]) => ({
    job,
    subject,
    productCode: code,
    productLabel: labelOf.get(code) ?? code,
  }));

  return {
    mementoCodes: codes,
    shopProducts: products,
    productMappings: productMappingRows,
    solutions: SOLUTIONS.map((solution, index) => ({
      ...solution,
      trades: [...solution.trades],
      position: index + 1,
    })),
    whitePapers: WHITE_PAPERS.map((paper, index) => ({
      title: paper.title,
      imgUrl: whitePaperImagePath(paper.name),
      pageUrl: `/livres-blancs/${paper.name}.html`,
      position: index + 1,
    })),
    banners: BANNERS.map((banner, index) => ({
      id: banner.id,
      alt: banner.alt,
      onClick: banner.onClick,
      desktopUrl: bannerPath(banner.id, 'desktop'),
      desktopWidth: BANNER_DESKTOP_SIZE.width,
      desktopHeight: BANNER_DESKTOP_SIZE.height,
      mobileUrl: bannerPath(banner.id, 'mobile'),
      mobileWidth: BANNER_MOBILE_SIZE.width,
      mobileHeight: BANNER_MOBILE_SIZE.height,
      position: index + 1,
      active: true,
    })),
  };
}

/** Job x subject -> product code. An empty job or subject means "any". */
const MAPPINGS: readonly (readonly [job: string, subject: string, code: string])[] = [
  ['', 'fiscal', 'NAVFIS'],
  ['', 'social', 'NAVSOC'],
  ['', 'comptable', 'NAVCPT'],
  ['', 'affaires', 'NAVAFF'],
  ['', 'immobilier', 'NAVIMM'],
  ['', 'patrimoine', 'NAVPAT'],
  ['', 'association', 'NAVASS'],
  ['', 'particuliers', 'MEMNUM'],
  ['expertComptable', '', 'NAVEC'],
  ['expertComptable', 'fiscal', 'NAVFIS'],
  ['expertComptable', 'social', 'NAVSOC'],
  ['expertComptable', 'comptable', 'NAVCPT'],
  ['commissaireAuxComptes', '', 'NAVCAC'],
  ['commissaireAuxComptes', 'comptable', 'NAVCPT'],
  ['entreprise', '', 'NAVENT'],
  ['DRH', 'social', 'NAVRH'],
  ['DRH', 'social', 'NAVCC'],
  ['responsablePaie', 'social', 'NAVRH'],
  ['responsablePaie', 'social', 'NAVCC'],
  ['directionJuridique', 'affaires', 'NAVAFF'],
  ['directionJuridique', 'immobilier', 'NAVIMM'],
  ['directionFinanciereComptable', 'comptable', 'NAVCPT'],
  ['directionFinanciereComptable', 'fiscal', 'NAVFIS'],
  ['directionFiscale', 'fiscal', 'NAVFIS'],
  ['responsableAdministrateurFinancier', '', 'NAVENT'],
  ['responsableAdministrateurFinancier', 'social', 'NAVSOC'],
  ['dirigeant', '', 'NAVENT'],
  ['notaire', '', 'NOTAIRE'],
  ['notaire', 'patrimoine', 'NOTAIRE'],
  ['notaire', 'immobilier', 'NOTAIRE'],
  ['avocat', '', 'NAVAV'],
  ['avocatFiscaliste', 'fiscal', 'NAVFIS'],
  ['avocatSocial', 'social', 'NAVSOC'],
  ['avocatSocial', 'social', 'NAVCC'],
  ['avocatAffaires', 'affaires', 'NAVAFF'],
  ['avocatGeneraliste', '', 'NAVAV'],
  ['CGP', '', 'CGPSOL'],
  ['CGP', 'patrimoine', 'CGPSOL'],
  ['CGP', 'fiscal', 'NAVPAT'],
  ['professionImmobilier', 'immobilier', 'NAVIMM'],
  ['edudiantEnseignant', '', 'MEMNUM'],
  ['autresTrades', 'association', 'NAVASS'],
];

const SOLUTIONS: readonly {
  title: string;
  text: string;
  link: string;
  color: string;
  trades: readonly string[];
}[] = [
  {
    title: 'Navis, la documentation en ligne',
    text: 'Toute la documentation fiscale, sociale, comptable et juridique dans une seule solution, mise à jour en continu.',
    link: '/solutions-numeriques/navis.html',
    color: '#12355b',
    trades: ['fiscal', 'social', 'comptable', 'affaires'],
  },
  {
    title: 'Mémentos en ligne',
    text: 'Consultez vos Mémentos sur tous vos écrans, avec la recherche plein texte et les mises à jour en continu.',
    link: '/mementos-en-ligne.html',
    color: '#5c1a2b',
    trades: ['fiscal', 'social', 'affaires', 'patrimoine'],
  },
  {
    title: 'Formulaires et modèles',
    text: `Plus de ${FORMS_LIBRARY_MODEL_COUNT.toLocaleString('fr-FR')} modèles d'actes prêts à l'emploi, commentés par nos auteurs.`,
    link: '/base-formulaires.html',
    color: '#1f5135',
    trades: ['affaires', 'social', 'immobilier', 'patrimoine'],
  },
  {
    title: 'Formations',
    text: 'Des formations en ligne et en présentiel pour actualiser vos connaissances avec nos experts.',
    link: '/formations.html',
    color: '#ef6c00',
    trades: ['fiscal', 'social', 'comptable', 'affaires', 'patrimoine', 'immobilier', 'association'],
  },
  {
    title: 'Conventions collectives',
    text: 'Les textes des conventions collectives à jour, avec les grilles de salaires et les accords de branche.',
    link: '/conventions-collectives.html',
    color: '#0b4f4a',
    trades: ['social'],
  },
];

/** The subscriptions (mapped product codes) giving access to the documents of a subject. */
export function subscriptionsFor(subject: NewsTopic): string[] {
  const codes = new Set<string>();
  for (const [, mapped, code] of MAPPINGS) if (mapped === subject) codes.add(code);
  return [...codes];
}

export type ProductRef = { code: string; label: string };

/** The products of a subject by kind, with their editorial label for `edition`. */
export function productsFor(
  subject: NewsTopic,
  kinds: readonly ProductKind[],
  edition: number,
): ProductRef[] {
  return PRODUCTS.filter((product) => kinds.includes(product.kind) && product.subjects.includes(subject)).map(
    (product) => ({ code: product.code, label: productLabel(product, edition) }),
  );
}

/** One product by code, with its editorial label for `edition`. */
export function productByCode(code: string, edition: number): ProductRef {
  const product = PRODUCTS.find((candidate) => candidate.code === code);
  if (!product) throw new Error(`Produit inconnu : ${code}`);
  return { code, label: productLabel(product, edition) };
}
