import 'server-only';
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
export const BANNER_DESKTOP_SIZE = { width: 1240, height: 250 } as const;
export const BANNER_MOBILE_SIZE = { width: 640, height: 300 } as const;
export const PRODUCT_SIZE = { width: 360, height: 480 } as const;
export const WHITE_PAPER_SIZE = { width: 480, height: 620 } as const;

export type Palette = readonly [background: string, accent: string, light: string];

export type CoverDefinition = { name: string; caption: string; legend: string; palette: Palette };

/** Cover groups: a news topic or a content type picks its covers from its group. */
export const COVERS: Record<string, readonly CoverDefinition[]> = {
  fiscal: [
    {
      name: 'fiscal-1',
      caption: 'Fiscalité',
      legend: 'Déclarations et calculs fiscaux',
      palette: ['#12355b', '#2f80c2', '#d6e7f7'],
    },
    {
      name: 'fiscal-2',
      caption: 'TVA et impôts',
      legend: 'Impôts des entreprises',
      palette: ['#1b4965', '#5fa8d3', '#cae9ff'],
    },
  ],
  social: [
    {
      name: 'social-1',
      caption: 'Droit social',
      legend: 'Relations de travail',
      palette: ['#1f5135', '#3fa36b', '#d8f3dc'],
    },
    {
      name: 'social-2',
      caption: 'Paie et RH',
      legend: 'Gestion de la paie',
      palette: ['#2d6a4f', '#74c69d', '#e9f5ec'],
    },
  ],
  affaires: [
    {
      name: 'affaires-1',
      caption: 'Droit des affaires',
      legend: 'Vie des entreprises',
      palette: ['#3c1f5c', '#8a5cc2', '#ece2f7'],
    },
    {
      name: 'affaires-2',
      caption: 'Sociétés et contrats',
      legend: 'Contrats et sociétés',
      palette: ['#4a2c6f', '#b48ee0', '#f3ecfb'],
    },
  ],
  comptable: [
    {
      name: 'comptable-1',
      caption: 'Comptabilité',
      legend: 'Comptes et états financiers',
      palette: ['#0b4f4a', '#1f9e8f', '#d3f1ed'],
    },
    {
      name: 'comptable-2',
      caption: 'Audit et finance',
      legend: 'Audit et information financière',
      palette: ['#134e4a', '#4fb3a9', '#e2f6f3'],
    },
  ],
  immobilier: [
    {
      name: 'immobilier-1',
      caption: 'Immobilier',
      legend: 'Logement et immobilier',
      palette: ['#7a3410', '#e0803a', '#fde7d4'],
    },
    {
      name: 'immobilier-2',
      caption: 'Construction et urbanisme',
      legend: 'Chantiers et urbanisme',
      palette: ['#6b3a1e', '#d99a5b', '#f8ebdc'],
    },
  ],
  patrimoine: [
    {
      name: 'patrimoine-1',
      caption: 'Patrimoine',
      legend: 'Gestion du patrimoine',
      palette: ['#5c1a2b', '#b23a5a', '#f7dde4'],
    },
    {
      name: 'patrimoine-2',
      caption: 'Transmission',
      legend: 'Transmission et famille',
      palette: ['#6d2338', '#d17a93', '#fbeef2'],
    },
  ],
  association: [
    {
      name: 'association-1',
      caption: 'Associations',
      legend: 'Vie associative',
      palette: ['#8c2f39', '#f07167', '#fde4df'],
    },
  ],
  particuliers: [
    {
      name: 'particuliers-1',
      caption: 'Vie quotidienne',
      legend: 'Droits des particuliers',
      palette: ['#7f5a00', '#e9b824', '#fff3cc'],
    },
  ],
  agenda: [
    {
      name: 'agenda',
      caption: 'Agenda fiscal et social',
      legend: 'Échéances du mois',
      palette: ['#263238', '#ef6c00', '#ffe0b2'],
    },
  ],
  'chiffres-taux': [
    {
      name: 'chiffres',
      caption: 'Chiffres et taux',
      legend: 'Barèmes et indices',
      palette: ['#1a237e', '#3949ab', '#e8eaf6'],
    },
  ],
  podcast: [
    {
      name: 'podcast',
      caption: 'Podcast',
      legend: 'Épisode audio',
      palette: ['#311b92', '#d81b60', '#fce4ec'],
    },
  ],
  videos: [
    {
      name: 'video',
      caption: 'Vidéo',
      legend: 'Décryptage vidéo',
      palette: ['#212121', '#e53935', '#ffebee'],
    },
  ],
  infographie: [
    {
      name: 'infographie',
      caption: 'Infographie',
      legend: "L'essentiel en une image",
      palette: ['#004d40', '#ffb300', '#fff8e1'],
    },
  ],
  timeline: [
    {
      name: 'timeline',
      caption: 'Chronologie',
      legend: 'Les grandes dates',
      palette: ['#37474f', '#26a69a', '#e0f2f1'],
    },
  ],
  simulateur: [
    {
      name: 'simulateur',
      caption: 'Simulateur',
      legend: 'Simulation en ligne',
      palette: ['#0d47a1', '#00acc1', '#e0f7fa'],
    },
  ],
};

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

export type ProductImageDefinition = { name: string; title: string; palette: Palette };

/** Twelve product families (colours and kind), each product's cover adding its own title (`productCover`). */
export const PRODUCT_IMAGES: readonly ProductImageDefinition[] = [
  {
    name: 'memento-fiscal',
    title: 'Mémento',
    palette: ['#12355b', '#f4a259', '#ffffff'],
  },
  {
    name: 'memento-social',
    title: 'Mémento',
    palette: ['#1f5135', '#f4a259', '#ffffff'],
  },
  {
    name: 'memento-affaires',
    title: 'Mémento',
    palette: ['#3c1f5c', '#f4a259', '#ffffff'],
  },
  {
    name: 'memento-comptable',
    title: 'Mémento',
    palette: ['#0b4f4a', '#f4a259', '#ffffff'],
  },
  {
    name: 'memento-patrimoine',
    title: 'Mémento',
    palette: ['#5c1a2b', '#f4a259', '#ffffff'],
  },
  {
    name: 'memento-immobilier',
    title: 'Mémento',
    palette: ['#7a3410', '#f4d35e', '#ffffff'],
  },
  { name: 'revue-fiscale', title: 'Revue', palette: ['#0d3b66', '#faf0ca', '#ffffff'] },
  { name: 'revue-sociale', title: 'Revue', palette: ['#2d6a4f', '#faf0ca', '#ffffff'] },
  {
    name: 'bulletin-affaires',
    title: 'Bulletin',
    palette: ['#4a2c6f', '#faf0ca', '#ffffff'],
  },
  {
    name: 'solution-numerique',
    title: 'Navis',
    palette: ['#0d47a1', '#00acc1', '#ffffff'],
  },
  { name: 'code', title: 'Code', palette: ['#8c2f39', '#fde4df', '#ffffff'] },
  { name: 'ouvrage', title: 'Guide', palette: ['#263238', '#ef6c00', '#ffffff'] },
];

export const productImagePath = (name: string) => `${MEDIA_BASE}/products/${name}.webp`;

export type WhitePaperDefinition = { name: string; title: string; palette: Palette };

export const WHITE_PAPERS: readonly WhitePaperDefinition[] = [
  {
    name: 'facturation-electronique',
    title: 'Réussir le passage à la facturation électronique',
    palette: ['#3c1f5c', '#4cc9f0', '#ffffff'],
  },
  {
    name: 'csrd',
    title: 'CSRD : le guide de la première publication',
    palette: ['#0b4f4a', '#95d5b2', '#ffffff'],
  },
  {
    name: 'intelligence-artificielle',
    title: "L'intelligence artificielle au service des cabinets",
    palette: ['#12355b', '#f4a259', '#ffffff'],
  },
  { name: 'paie', title: 'Sécuriser la paie en dix points', palette: ['#1f5135', '#f7c548', '#ffffff'] },
  { name: 'transmission', title: 'Transmettre son entreprise', palette: ['#5c1a2b', '#f7c548', '#ffffff'] },
  {
    name: 'suretes',
    title: 'La réforme des sûretés en pratique',
    palette: ['#263238', '#ef6c00', '#ffffff'],
  },
];

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
