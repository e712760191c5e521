import 'server-only';
import { ARTICLE_TYPE, type NewsTopic } from '@/lib/constants';
import { longDate } from './calendar';
import { BodyWriter, capitalize, fill, formatEuros } from './editorial';
import { DEMO_AUDIO, DEMO_VIDEO } from './media';
import type { Random } from './random';

/** The multimedia formats (podcast, video, infographic, timeline) and the simulators of the demo data. */

export type MultimediaType =
  | typeof ARTICLE_TYPE.podcast
  | typeof ARTICLE_TYPE.video
  | typeof ARTICLE_TYPE.infographic
  | typeof ARTICLE_TYPE.timeline;

type MultimediaFormat = { format: string; suffixes: readonly string[]; summaries: readonly string[] };

export const MULTIMEDIA: Record<MultimediaType, MultimediaFormat> = {
  [ARTICLE_TYPE.podcast]: {
    format: 'podcast',
    suffixes: [
      'trois questions à un spécialiste',
      'le podcast de la rédaction',
      "l'essentiel en dix minutes",
      'entretien avec un praticien',
    ],
    summaries: [
      "Dans ce nouvel épisode, la rédaction fait le point sur l'actualité en matière de {theme}.",
      'Un spécialiste répond en quelques minutes aux questions que se posent {public} en matière de {theme}.',
    ],
  },
  [ARTICLE_TYPE.video]: {
    format: 'video',
    suffixes: [
      "l'essentiel en vidéo",
      'décryptage vidéo',
      'les bonnes pratiques en vidéo',
      'replay du webinaire',
    ],
    summaries: [
      'En vidéo, nos experts présentent les règles à connaître en matière de {theme}.',
      "Retrouvez le replay de notre webinaire consacré à l'actualité en matière de {theme}.",
    ],
  },
  [ARTICLE_TYPE.infographic]: {
    format: 'infographie',
    suffixes: ["l'infographie", 'les chiffres clés en infographie', "le calendrier en un coup d'œil"],
    summaries: [
      'Notre infographie résume les chiffres et les dates à retenir en matière de {theme}.',
      'Les règles applicables en matière de {theme}, en une image.',
    ],
  },
  [ARTICLE_TYPE.timeline]: {
    format: 'timeline',
    suffixes: ['la chronologie de la réforme', 'les grandes dates', 'frise chronologique'],
    summaries: [
      'Retour, en quelques dates, sur les étapes qui ont façonné les règles applicables en matière de {theme}.',
      'Une frise chronologique pour suivre les évolutions intervenues en matière de {theme}.',
    ],
  },
};

const MILESTONES = [
  'publication du projet de texte',
  'avis du Conseil d’État',
  'adoption définitive par le Parlement',
  'décision du Conseil constitutionnel',
  'publication au Journal officiel',
  "parution du décret d'application",
  "commentaires de l'administration",
  'première décision de jurisprudence',
  'entrée en vigueur des nouvelles règles',
];

/** Our own video with its native player, French captions and poster (the transcript follows in the body). */
function ownVideo(title: string): string {
  const { width, height } = DEMO_VIDEO.size;
  return `<figure><video controls preload="none" width="${width}" height="${height}" poster="${DEMO_VIDEO.poster}" aria-label="${title}"><source src="${DEMO_VIDEO.webm}" type="video/webm" /><source src="${DEMO_VIDEO.mp4}" type="video/mp4" /><track kind="captions" src="${DEMO_VIDEO.captions}" srclang="fr" label="Français" default /></video><figcaption>Vidéo sous-titrée en français ; la transcription figure plus bas.</figcaption></figure>`;
}

/** Our own audio episode with its native player and its transcript. */
function ownAudio(title: string, transcript: string): string {
  return `<figure><audio controls preload="none" aria-label="${title}"><source src="${DEMO_AUDIO.ogg}" type="audio/ogg" /><source src="${DEMO_AUDIO.mp3}" type="audio/mpeg" /></audio><figcaption>Écouter l'épisode</figcaption></figure><details><summary>Transcription de l'épisode</summary><p>${transcript}</p></details>`;
}

/**
 * A platform's frame, as the editors paste it (the page shows it behind a click-to-load placeholder). One of each
 * platform the spec names: podcast, audio, infographic, timeline, chart and short messages.
 */
const PLATFORM_FRAMES = {
  podcast: (id: number, title: string) =>
    platformFrame(
      `https://player.ausha.co/index.html?showId=quotidienne&amp;podcastId=ep${id}&amp;display=horizontal`,
      title,
      220,
    ),
  audio: (id: number, title: string) =>
    platformFrame(
      `https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/${id}`,
      title,
      166,
    ),
  infographic: (id: number, title: string) =>
    platformFrame(`https://e.infogram.com/quotidienne-${id}?src=embed`, title, 640),
  chart: (id: number, title: string) => platformFrame(`https://datawrapper.dwcdn.net/Q${id}/1/`, title, 420),
  timeline: (id: number, title: string) =>
    platformFrame(
      `https://cdn.knightlab.com/libs/timeline3/latest/embed/index.html?source=quotidienne-${id}&amp;lang=fr`,
      title,
      650,
    ),
  shortMessage: (id: number, title: string) =>
    platformFrame(`https://platform.twitter.com/embed/Tweet.html?id=18${id}`, title, 400, '550'),
} as const;

/** The frame markup itself, the same for every platform: its player's address, title and size. */
function platformFrame(src: string, title: string, height: number, width = '100%'): string {
  return `<iframe src="${src}" width="${width}" height="${height}" title="${title}"></iframe>`;
}

/** The body of a multimedia item. `vars` are the story variables (theme, public, author…). */
export function writeMultimediaBody(
  rng: Random,
  type: MultimediaType,
  vars: Readonly<Record<string, string>>,
  publicationDay: number,
  points: readonly string[],
  media: { id: number; title: string },
): { html: string; text: string } {
  const f = (template: string) => fill(template, vars);
  const body = new BodyWriter();
  // Without rng, so the rest of the demo content stays as it was: the article number picks the medium, in turn.
  const title = media.title
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
  if (type === ARTICLE_TYPE.podcast) {
    const transcript = f(
      "Bonjour et bienvenue dans ce nouvel épisode. Aujourd'hui, {author}, {role}, fait le point sur l'actualité en matière de {theme} et sur ce qu'elle change pour {public}.",
    );
    const kind = media.id % 3;
    body.markup(
      kind === 0
        ? ownAudio(title, transcript)
        : PLATFORM_FRAMES[kind === 1 ? 'podcast' : 'audio'](media.id, title),
      kind === 0 ? transcript : '',
    );
    body.p(f("Dans cet épisode, {author}, {role}, revient sur l'actualité en matière de {theme}."));
    body.h2("Au sommaire de l'épisode");
    body.ul(points.map(capitalize));
    const minutes = rng.int(8, 24);
    const seconds = rng.int(0, 59);
    body.p(`Durée de l'épisode : ${kind === 0 ? `${DEMO_AUDIO.seconds} s` : `${minutes} min ${seconds} s`}.`);
    body.h2('Pour aller plus loin');
    body.p(f("Retrouvez l'analyse détaillée dans nos actualités consacrées à ce thème ({ref})."));
  } else if (type === ARTICLE_TYPE.video) {
    body.markup(ownVideo(title));
    body.p(f('En quelques minutes, {author}, {role}, présente les points clés en matière de {theme}.'));
    body.h2('Les points abordés');
    body.ul(points.map(capitalize));
    body.p(`Durée de la vidéo : ${DEMO_VIDEO.cues.length * DEMO_VIDEO.secondsPerCue} s.`);
    body.h2('Transcription');
    body.p(
      f(
        `Bonjour à tous. Nous revenons aujourd'hui sur l'actualité en matière de {theme}, qui concerne directement {public}. Premier point : ${points[0] ?? ''}. Nous verrons ensuite les conséquences pratiques de ces règles.`,
      ),
    );
  } else if (type === ARTICLE_TYPE.infographic) {
    body.markup(PLATFORM_FRAMES[media.id % 2 === 0 ? 'infographic' : 'chart'](media.id, title));
    body.p(f('Notre infographie résume les chiffres clés en matière de {theme}.'));
    body.h2('Les chiffres à retenir');
    body.ul([
      `${rng.int(12, 78)} % des entreprises interrogées se déclarent concernées`,
      `${formatEuros(rng.int(15, 450) * 1000)} : montant moyen en jeu par dossier`,
      `${rng.int(2, 18)} mois : délai moyen de mise en conformité`,
      `${rng.int(3, 9)} étapes clés pour sécuriser sa pratique`,
    ]);
    body.p(f('Source : {source}.'));
  } else {
    body.markup(PLATFORM_FRAMES[media.id % 2 === 0 ? 'timeline' : 'shortMessage'](media.id, title));
    body.p(f('Retour sur les grandes étapes qui ont marqué les règles applicables en matière de {theme}.'));
    body.h2('Les dates clés');
    const steps = rng.int(4, 7);
    const chosen = MILESTONES.slice(0, steps);
    let day = publicationDay - rng.int(300, 900);
    const items = chosen.map((milestone) => {
      day += rng.int(15, 120);
      const capped = Math.min(day, publicationDay - 1);
      return `${capitalize(longDate(capped))} : ${milestone}`;
    });
    body.ul(items);
    body.p(f('Prochaine étape : la publication des commentaires administratifs ({ref}).'));
  }
  return body.result();
}

/** The embedded simulators (served by the app under /embed/), one article per simulator and year. */
export const SIMULATORS: readonly {
  url: string;
  /** One page per year of taxation: the article of a year frames that year's scale (`?annee=`). */
  yearly?: boolean;
  topic: NewsTopic;
  thematic: string;
  title: string;
  summary: string;
  trades: readonly string[];
  points: readonly string[];
}[] = [
  {
    url: '/embed/impot-revenu',
    yearly: true,
    topic: 'fiscal',
    thematic: 'Impôt sur le revenu',
    title: "Simulateur de calcul de l'impôt sur le revenu {annee}",
    summary:
      'Estimez le montant de votre impôt sur le revenu à partir du revenu net imposable et du nombre de parts de quotient familial.',
    trades: ['fiscal', 'particuliers', 'patrimoine'],
    points: [
      'Application du barème progressif par part',
      'Plafonnement des effets du quotient familial',
      'Calcul de la décote',
    ],
  },
  {
    url: '/embed/indemnite-licenciement',
    topic: 'social',
    thematic: 'Rupture du contrat',
    title: "Simulateur de l'indemnité légale de licenciement {annee}",
    summary:
      "Calculez le montant minimal de l'indemnité due au salarié licencié, selon son ancienneté et son salaire de référence.",
    trades: ['social', 'affaires'],
    points: [
      "Un quart de mois de salaire par année d'ancienneté jusqu'à dix ans",
      'Un tiers de mois au-delà de dix ans',
      'Salaire de référence le plus favorable : 12 ou 3 derniers mois',
    ],
  },
  {
    url: '/embed/bareme-kilometrique',
    topic: 'fiscal',
    thematic: 'Impôt sur le revenu',
    title: 'Simulateur des frais kilométriques {annee}',
    summary: 'Évaluez vos frais de déplacement déductibles selon le barème kilométrique fiscal en vigueur.',
    trades: ['fiscal', 'social', 'finance'],
    points: [
      'Puissance administrative du véhicule',
      'Distance parcourue à titre professionnel',
      'Majoration de 20 % pour les véhicules électriques',
    ],
  },
];

/** The body of a simulator page (the simulator itself is framed from `simulatorUrl`). */
export function writeSimulatorBody(
  summary: string,
  points: readonly string[],
  day: number,
): { html: string; text: string } {
  return new BodyWriter()
    .p(summary)
    .h2('Comment fonctionne le simulateur ?')
    .ul(points)
    .p(
      `Les résultats sont indicatifs et calculés selon les règles en vigueur au ${longDate(day)}. Ils ne remplacent pas l'analyse d'un professionnel.`,
    )
    .result();
}
