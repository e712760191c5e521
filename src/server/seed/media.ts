import 'server-only';
import { BANNER_DISPLAY_SIZES } from '@/lib/constants';
import type { ArticleImage } from '../db/schema';

/**
 * The catalogue of the demo media under public/media: covers, banners, product and white-paper images, the
 * placeholder and PDF attachments. scripts/generate-media.ts draws the files from it and the seed references
 * them by the same names, so the two never drift apart.
 */

export const MEDIA_BASE = '/media';
export const IMAGE_SOURCE = 'Éditions Portalis';

/** Listing images (1200 x 628) and article covers (16:9). */
export const COVER_SIZE = { width: 1200, height: 628 } as const;
export const COVER_WIDE_SIZE = { width: 1280, height: 720 } as const;
export const BANNER_DESKTOP_SIZE = BANNER_DISPLAY_SIZES.desktop;
export const BANNER_MOBILE_SIZE = BANNER_DISPLAY_SIZES.mobile;
export const PRODUCT_SIZE = { width: 360, height: 480 } as const;
export const WHITE_PAPER_SIZE = { width: 480, height: 620 } as const;

export type Palette = readonly [background: string, accent: string, light: string];

export type CoverDefinition = { name: string; caption: string; legend: string; palette: Palette };

/** A cover: its group, then its name, caption, legend and palette. One a line, groups in order. */
type CoverRow = readonly [group: string, name: string, caption: string, legend: string, palette: Palette];

// biome-ignore format: a table, one cover a line
const COVER_ROWS: readonly CoverRow[] = [
  ['fiscal', 'fiscal-1', 'Fiscalité', 'Déclarations et calculs fiscaux', ['#12355b', '#2f80c2', '#d6e7f7']],
  ['fiscal', 'fiscal-2', 'TVA et impôts', 'Impôts des entreprises', ['#1b4965', '#5fa8d3', '#cae9ff']],
  ['social', 'social-1', 'Droit social', 'Relations de travail', ['#1f5135', '#3fa36b', '#d8f3dc']],
  ['social', 'social-2', 'Paie et RH', 'Gestion de la paie', ['#2d6a4f', '#74c69d', '#e9f5ec']],
  ['affaires', 'affaires-1', 'Droit des affaires', 'Vie des entreprises', ['#3c1f5c', '#8a5cc2', '#ece2f7']],
  ['affaires', 'affaires-2', 'Sociétés et contrats', 'Contrats et sociétés', ['#4a2c6f', '#b48ee0', '#f3ecfb']],
  ['comptable', 'comptable-1', 'Comptabilité', 'Comptes et états financiers', ['#0b4f4a', '#1f9e8f', '#d3f1ed']],
  ['comptable', 'comptable-2', 'Audit et finance', 'Audit et information financière', ['#134e4a', '#4fb3a9', '#e2f6f3']],
  ['immobilier', 'immobilier-1', 'Immobilier', 'Logement et immobilier', ['#7a3410', '#e0803a', '#fde7d4']],
  ['immobilier', 'immobilier-2', 'Construction et urbanisme', 'Chantiers et urbanisme', ['#6b3a1e', '#d99a5b', '#f8ebdc']],
  ['patrimoine', 'patrimoine-1', 'Patrimoine', 'Gestion du patrimoine', ['#5c1a2b', '#b23a5a', '#f7dde4']],
  ['patrimoine', 'patrimoine-2', 'Transmission', 'Transmission et famille', ['#6d2338', '#d17a93', '#fbeef2']],
  ['association', 'association-1', 'Associations', 'Vie associative', ['#8c2f39', '#f07167', '#fde4df']],
  ['particuliers', 'particuliers-1', 'Vie quotidienne', 'Droits des particuliers', ['#7f5a00', '#e9b824', '#fff3cc']],
  ['agenda', 'agenda', 'Agenda fiscal et social', 'Échéances du mois', ['#263238', '#ef6c00', '#ffe0b2']],
  ['chiffres-taux', 'chiffres', 'Chiffres et taux', 'Barèmes et indices', ['#1a237e', '#3949ab', '#e8eaf6']],
  ['podcast', 'podcast', 'Podcast', 'Épisode audio', ['#311b92', '#d81b60', '#fce4ec']],
  ['videos', 'video', 'Vidéo', 'Décryptage vidéo', ['#212121', '#e53935', '#ffebee']],
  ['infographie', 'infographie', 'Infographie', "L'essentiel en une image", ['#004d40', '#ffb300', '#fff8e1']],
  ['timeline', 'timeline', 'Chronologie', 'Les grandes dates', ['#37474f', '#26a69a', '#e0f2f1']],
  ['simulateur', 'simulateur', 'Simulateur', 'Simulation en ligne', ['#0d47a1', '#00acc1', '#e0f7fa']],
];

/** Cover groups: a news topic or a content type picks its covers from its group. */
export const COVERS: Record<string, readonly CoverDefinition[]> = {};
for (const [group, name, caption, legend, palette] of COVER_ROWS) {
  COVERS[group] = [...(COVERS[group] ?? []), { name, caption, legend, palette }];
}

export const ALL_COVERS: readonly CoverDefinition[] = Object.values(COVERS).flat();

export const coverPath = (name: string) => `${MEDIA_BASE}/covers/${name}.webp`;
export const coverWidePath = (name: string) => `${MEDIA_BASE}/covers/${name}-16x9.webp`;

/** An article's images: its 16:9 cover and the 1200 x 628 listing image of the same design. */
export function coverImages(cover: CoverDefinition): ArticleImage[] {
  const legend = `Illustration – ${cover.legend}`;
  return [
    {
      contentType: 'cover',
      href: coverWidePath(cover.name),
      imageName: `${cover.name}-16x9.webp`,
      legend,
      source: IMAGE_SOURCE,
      ...COVER_WIDE_SIZE,
    },
    {
      contentType: 'thumbnail',
      href: coverPath(cover.name),
      imageName: `${cover.name}.webp`,
      legend,
      source: IMAGE_SOURCE,
      ...COVER_SIZE,
    },
  ];
}

export type BannerDefinition = {
  id: string;
  alt: string;
  title: string;
  subtitle: string;
  onClick: string;
  palette: Palette;
};

export const BANNERS: readonly BannerDefinition[] = [
  {
    id: 'essai-gratuit',
    alt: 'Essai gratuit de 10 jours de nos solutions documentaires',
    title: 'Essai gratuit 10 jours',
    subtitle: 'Testez nos solutions documentaires sans engagement',
    onClick: '/essais-gratuits.html',
    palette: ['#12355b', '#f4a259', '#ffffff'],
  },
  {
    id: 'mementos',
    alt: 'Les Mémentos de la nouvelle édition sont disponibles',
    title: 'Nouvelle édition des Mémentos',
    subtitle: 'Précommandez votre édition à jour des dernières réformes',
    onClick: '/mementos.html',
    palette: ['#5c1a2b', '#f7c548', '#ffffff'],
  },
  {
    id: 'formations',
    alt: 'Formations en ligne pour les professionnels du chiffre et du droit',
    title: 'Formations en ligne',
    subtitle: 'Actualisez vos connaissances avec nos experts',
    onClick: '/formations.html',
    palette: ['#1f5135', '#95d5b2', '#ffffff'],
  },
  {
    id: 'facturation-electronique',
    alt: 'Préparez le passage à la facturation électronique',
    title: 'Facturation électronique',
    subtitle: 'Le guide complet pour réussir la réforme',
    onClick: '/livres-blancs/facturation-electronique.html',
    palette: ['#3c1f5c', '#4cc9f0', '#ffffff'],
  },
];

export const bannerPath = (id: string, variant: 'desktop' | 'mobile') =>
  `${MEDIA_BASE}/banners/${id}-${variant}.webp`;

/** An image drawn from a name, a title and a palette: a product family's or a white paper's. */
export type NamedPalette = { name: string; title: string; palette: Palette };

/** Rows of [name, title, palette], one a line, as the definitions the generator and the seed read. */
function namedPalettes(
  rows: readonly (readonly [name: string, title: string, palette: Palette])[],
): NamedPalette[] {
  return rows.map(([name, title, palette]) => ({ name, title, palette }));
}

export type ProductImageDefinition = NamedPalette;

/** Twelve product families (colours and kind), each product's cover adding its own title (`productCover`). */
export const PRODUCT_IMAGES: readonly ProductImageDefinition[] = namedPalettes([
  ['memento-fiscal', 'Mémento', ['#12355b', '#f4a259', '#ffffff']],
  ['memento-social', 'Mémento', ['#1f5135', '#f4a259', '#ffffff']],
  ['memento-affaires', 'Mémento', ['#3c1f5c', '#f4a259', '#ffffff']],
  ['memento-comptable', 'Mémento', ['#0b4f4a', '#f4a259', '#ffffff']],
  ['memento-patrimoine', 'Mémento', ['#5c1a2b', '#f4a259', '#ffffff']],
  ['memento-immobilier', 'Mémento', ['#7a3410', '#f4d35e', '#ffffff']],
  ['revue-fiscale', 'Revue', ['#0d3b66', '#faf0ca', '#ffffff']],
  ['revue-sociale', 'Revue', ['#2d6a4f', '#faf0ca', '#ffffff']],
  ['bulletin-affaires', 'Bulletin', ['#4a2c6f', '#faf0ca', '#ffffff']],
  ['solution-numerique', 'Navis', ['#0d47a1', '#00acc1', '#ffffff']],
  ['code', 'Code', ['#8c2f39', '#fde4df', '#ffffff']],
  ['ouvrage', 'Guide', ['#263238', '#ef6c00', '#ffffff']],
]);

export const productImagePath = (name: string) => `${MEDIA_BASE}/products/${name}.webp`;

export type WhitePaperDefinition = NamedPalette;

export const WHITE_PAPERS: readonly WhitePaperDefinition[] = namedPalettes([
  [
    'facturation-electronique',
    'Réussir le passage à la facturation électronique',
    ['#3c1f5c', '#4cc9f0', '#ffffff'],
  ],
  ['csrd', 'CSRD : le guide de la première publication', ['#0b4f4a', '#95d5b2', '#ffffff']],
  [
    'intelligence-artificielle',
    "L'intelligence artificielle au service des cabinets",
    ['#12355b', '#f4a259', '#ffffff'],
  ],
  ['paie', 'Sécuriser la paie en dix points', ['#1f5135', '#f7c548', '#ffffff']],
  ['transmission', 'Transmettre son entreprise', ['#5c1a2b', '#f7c548', '#ffffff']],
  ['suretes', 'La réforme des sûretés en pratique', ['#263238', '#ef6c00', '#ffffff']],
]);

export const whitePaperImagePath = (name: string) => `${MEDIA_BASE}/white-papers/${name}.webp`;

export const PLACEHOLDER_PATH = `${MEDIA_BASE}/placeholder.webp`;

export type AttachmentDefinition = { file: string; name: string; title: string; lines: readonly string[] };

export const ATTACHMENTS: readonly AttachmentDefinition[] = [
  {
    file: 'texte-officiel.pdf',
    name: 'Texte officiel (PDF)',
    title: 'Texte officiel',
    lines: [
      'Extrait du texte commenté dans l’actualité.',
      'Document de démonstration publié par les Éditions Portalis.',
      'Seul le texte publié au Journal officiel fait foi.',
    ],
  },
  {
    file: 'tableau-recapitulatif.pdf',
    name: 'Tableau récapitulatif (PDF)',
    title: 'Tableau récapitulatif',
    lines: [
      'Synthèse des règles applicables et des dates d’entrée en vigueur.',
      'Document de démonstration publié par les Éditions Portalis.',
    ],
  },
  {
    file: 'modele-de-lettre.pdf',
    name: 'Modèle de lettre (PDF)',
    title: 'Modèle de lettre',
    lines: [
      'Madame, Monsieur,',
      'Nous vous informons par la présente des mesures prises en application des textes en vigueur.',
      'Veuillez agréer, Madame, Monsieur, l’expression de nos salutations distinguées.',
    ],
  },
];

export const attachmentPath = (file: string) => `${MEDIA_BASE}/attachments/${file}`;

/** One caption of the demo video: the slide it shows and what is said meanwhile. */
export type MediaCue = { slide: string; text: string };

/** The demo video (scripts/generate-av-media.ts): a short slideshow with French captions. */
export const DEMO_VIDEO = {
  size: { width: 640, height: 360 },
  secondsPerCue: 4,
  cues: [
    {
      slide: 'L’essentiel en vidéo',
      text: 'Bonjour à tous, voici l’essentiel de l’actualité de la semaine.',
    },
    {
      slide: 'Les points clés',
      text: 'Premier point : les nouvelles règles et leur date d’entrée en vigueur.',
    },
    { slide: 'À retenir', text: 'Retrouvez l’analyse complète dans La Quotidienne.' },
  ] satisfies MediaCue[],
  webm: `${MEDIA_BASE}/videos/demonstration.webm`,
  mp4: `${MEDIA_BASE}/videos/demonstration.mp4`,
  poster: `${MEDIA_BASE}/videos/demonstration.webp`,
  captions: `${MEDIA_BASE}/videos/demonstration.fr.vtt`,
} as const;

/** The demo podcast episode (scripts/generate-av-media.ts); its transcript is in the article. */
export const DEMO_AUDIO = {
  seconds: 12,
  ogg: `${MEDIA_BASE}/audio/episode.ogg`,
  mp3: `${MEDIA_BASE}/audio/episode.mp3`,
} as const;
