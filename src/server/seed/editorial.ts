import 'server-only';
import { NEWS_TOPICS, type NewsTopic } from '@/lib/constants';
import { dayOfMonth, longDate, monthOf, shortDate, yearOf } from './calendar';
import type { CourtKey, SourceKind, TopicCorpus } from './corpus';
import type { Random } from './random';

/**
 * The writing machinery of the demo news: authors, citations of courts and texts, and the body templates
 * (jurisprudence, new text, administrative doctrine) that turn a story into several paragraphs.
 */

type Author = readonly [name: string, role: string, topics: readonly NewsTopic[]];

const ALL_TOPICS: readonly NewsTopic[] = NEWS_TOPICS;

/** The newsroom: each author writes on the topics of their speciality; editors and journalists on all. */
const AUTHORS: readonly Author[] = [
  ['Claire Dubreuil', 'Rédactrice en chef', ALL_TOPICS],
  ['Marc Lefranc', 'Rédacteur en chef adjoint', ALL_TOPICS],
  ['Sophie Marchal', 'Juriste fiscaliste', ['fiscal', 'patrimoine', 'particuliers']],
  ['Thomas Girardin', 'Juriste fiscaliste', ['fiscal', 'association']],
  ['Isabelle Royer', 'Juriste en droit social', ['social']],
  ['Nicolas Berthier', 'Juriste en droit social', ['social', 'association']],
  ['Hélène Vasseur', 'Juriste en droit des affaires', ['affaires']],
  ['Julien Carpentier', 'Juriste en droit des sociétés', ['affaires', 'comptable']],
  ['Camille Fontaine', 'Juriste comptable', ['comptable']],
  ['Antoine Mercier', 'Expert-comptable, rédacteur', ['comptable', 'fiscal']],
  ['Laure Bonnet', 'Juriste en droit immobilier', ['immobilier']],
  ['Pierre-Yves Masson', 'Juriste en droit patrimonial', ['patrimoine']],
  ['Aurélie Chevalier', 'Juriste en droit de la famille', ['patrimoine', 'particuliers']],
  ['François Lemaire', 'Avocat fiscaliste, rédacteur associé', ['fiscal']],
  ['Nathalie Perrin', 'Spécialiste de la paie', ['social']],
  ['Olivier Gauthier', 'Juriste en droit des associations', ['association']],
  ['Émilie Rousseau', 'Secrétaire de rédaction', ALL_TOPICS],
  ['Benoît Lambert', 'Juriste en procédures collectives', ['affaires']],
  ['Valérie Moulin', 'Juriste en droit de la consommation', ['particuliers', 'affaires']],
  ['Guillaume Renaud', 'Juriste en fiscalité internationale', ['fiscal']],
  ['Sandrine Faure', 'Juriste en droit de la construction', ['immobilier']],
  ['David Picard', 'Commissaire aux comptes, rédacteur', ['comptable']],
  ['Mathilde Arnaud', 'Journaliste juridique', ALL_TOPICS],
  ['Stéphane Brun', 'Journaliste juridique', ALL_TOPICS],
  ['Caroline Lacroix', 'Notaire, rédactrice associée', ['patrimoine', 'immobilier']],
];

const AUTHORS_BY_TOPIC = new Map<NewsTopic, readonly Author[]>(
  NEWS_TOPICS.map((topic) => [topic, AUTHORS.filter(([, , topics]) => topics.includes(topic))]),
);

/** An author writing on the topic: name and function. */
export function authorFor(rng: Random, topic: NewsTopic): { author: string; role: string } {
  const [author, role] = rng.pick(AUTHORS_BY_TOPIC.get(topic) ?? AUTHORS);
  return { author, role };
}

/** The editor-in-chief signing the daily issue, by period. */
export function chiefEditorFor(year: number): string {
  if (year < 2019) return 'Marc Lefranc';
  return 'Claire Dubreuil';
}

export const EDITORIAL_BOARD = [
  'Claire Dubreuil',
  'Marc Lefranc',
  'Sophie Marchal',
  'Isabelle Royer',
  'Hélène Vasseur',
  'Camille Fontaine',
  'Pierre-Yves Masson',
  'Émilie Rousseau',
] as const;

// ---------------------------------------------------------------------------------------------------------
// Text helpers

const ELISION =
  /(^|[\s(])(de|De|que|Que|ne|lorsque|puisque|jusque) (?=[aeiouâàéèêîïôûAEIOUÂÀÉÈÊÎÔÛ]|h(?:eure|abitation|onoraire|ôtel|ypoth))/g;

/**
 * Final typography of generated text: French elision where templates put "de", "que"… before a vowel
 * ("en matière de inaptitude" -> "en matière d'inaptitude"), and straight apostrophes throughout, as in the
 * taxonomy labels.
 */
export function typeset(text: string): string {
  return text
    .replace(/’/g, "'")
    .replace(ELISION, (_, before: string, word: string) => `${before}${word.slice(0, -1)}'`);
}

/** Fills {placeholders}. */
export function fill(template: string, vars: Readonly<Record<string, string>>): string {
  return typeset(template.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole));
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Impôt sur les sociétés" -> "impôt sur les sociétés"; acronyms ("TVA", "SARL", "PACS et…") stay. */
export function lowerLabel(label: string): string {
  const second = label.charAt(1);
  if (second !== '' && second === second.toUpperCase() && second !== second.toLowerCase()) return label;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

function escapeHtml(text: string): string {
  return typeset(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Builds an HTML body and its plain text together (the plain text feeds full-text search). */
export class BodyWriter {
  private readonly html: string[] = [];
  private readonly text: string[] = [];

  p(content: string): this {
    this.html.push(`<p>${escapeHtml(content)}</p>`);
    this.text.push(typeset(content));
    return this;
  }

  h2(content: string): this {
    this.html.push(`<h2>${escapeHtml(content)}</h2>`);
    this.text.push(typeset(content));
    return this;
  }

  ul(items: readonly string[]): this {
    this.html.push(`<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`);
    this.text.push(typeset(items.join('\n')));
    return this;
  }

  table(head: readonly string[], rows: readonly (readonly string[])[]): this {
    const headHtml = head.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('');
    const rowsHtml = rows
      .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
      .join('');
    this.html.push(`<table><thead><tr>${headHtml}</tr></thead><tbody>${rowsHtml}</tbody></table>`);
    this.text.push(typeset([head.join(' : '), ...rows.map((row) => row.join(' : '))].join('\n')));
    return this;
  }

  /** Markup built by the seed itself (media players, embeds), with the text it adds for search. */
  markup(html: string, text = ''): this {
    this.html.push(html);
    if (text) this.text.push(typeset(text));
    return this;
  }

  result(): { html: string; text: string } {
    return { html: this.html.join('\n'), text: this.text.join('\n\n') };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Citations

export type Court = { name: string; de: string; citation: string };

const CAA_CITIES = [
  ['Paris', 'PA'],
  ['Lyon', 'LY'],
  ['Nantes', 'NT'],
  ['Versailles', 'VE'],
  ['Bordeaux', 'BX'],
  ['Marseille', 'MA'],
  ['Douai', 'DA'],
  ['Nancy', 'NC'],
  ['Toulouse', 'TL'],
] as const;

const CE_CHAMBERS = ['3e-8e ch.', '9e-10e ch.', '8e ch.', '10e ch.', '3e ch.', '9e ch.'] as const;

function cassationNumber(rng: Random, day: number): string {
  const year = (yearOf(day) - rng.int(1, 3)) % 100;
  return `${String(year).padStart(2, '0')}-${rng.int(10, 99)}.${String(rng.int(0, 999)).padStart(3, '0')}`;
}

/** A court decision handed down on `day`: the court's name for sentences and the citation. */
export function courtDecision(rng: Random, key: CourtKey, day: number): Court {
  const date = shortDate(day);
  const shortYear = String(yearOf(day) % 100).padStart(2, '0');
  switch (key) {
    case 'ce':
      return {
        name: "le Conseil d'État",
        de: "du Conseil d'État",
        citation: `CE ${rng.pick(CE_CHAMBERS)} ${date} n° ${rng.int(450_000, 499_999)}`,
      };
    case 'caa': {
      const [city, code] = rng.pick(CAA_CITIES);
      return {
        name: `la cour administrative d'appel de ${city}`,
        de: `de la cour administrative d'appel de ${city}`,
        citation: `CAA ${city} ${date} n° ${(yearOf(day) - 1) % 100}${code}${String(rng.int(1, 3999)).padStart(5, '0')}`,
      };
    }
    case 'cassSoc':
      return cassation('Cass. soc.', rng, day);
    case 'cassCom':
      return cassation('Cass. com.', rng, day);
    case 'cassCiv1':
      return cassation('Cass. 1e civ.', rng, day);
    case 'cassCiv2':
      return cassation('Cass. 2e civ.', rng, day);
    case 'cassCiv3':
      return cassation('Cass. 3e civ.', rng, day);
    case 'cjue':
      return {
        name: "la Cour de justice de l'Union européenne",
        de: "de la Cour de justice de l'Union européenne",
        citation: `CJUE ${date} aff. C-${rng.int(100, 799)}/${String((yearOf(day) - 2) % 100).padStart(2, '0')}`,
      };
    case 'cc':
      return {
        name: 'le Conseil constitutionnel',
        de: 'du Conseil constitutionnel',
        citation: `Cons. const. ${date} n° ${yearOf(day)}-${rng.int(1000, 1199)} QPC`,
      };
    case 'caParis':
      return {
        name: "la cour d'appel de Paris",
        de: "de la cour d'appel de Paris",
        citation: `CA Paris pôle 5 ch. ${rng.int(1, 11)} ${date} n° ${shortYear}/${String(rng.int(1, 19999)).padStart(5, '0')}`,
      };
  }
}

function cassation(prefix: string, rng: Random, day: number): Court {
  return {
    name: 'la Cour de cassation',
    de: 'de la Cour de cassation',
    citation: `${prefix} ${shortDate(day)} n° ${cassationNumber(rng, day)}${rng.chance(0.4) ? ' FS-B' : ' F-D'}`,
  };
}

const TEXT_KINDS = [
  ['Loi', 0.3],
  ['Décret', 0.45],
  ['Ordonnance', 0.1],
  ['Arrêté', 0.15],
] as const;

/** A statute or regulation published on `day`: "Loi 2024-1234 du 12 mars 2024". */
function textCitation(rng: Random, day: number): string {
  const kind = rng.weighted(TEXT_KINDS);
  if (kind === 'Arrêté') return `Arrêté du ${longDate(day)}`;
  const maxNumber = Math.max(2, Math.round(((monthOf(day) - 1) * 30 + dayOfMonth(day)) * 4.5));
  return `${kind} ${yearOf(day)}-${rng.int(1, maxNumber)} du ${longDate(day)}`;
}

const DEPUTIES = [
  'Martin',
  'Bernard',
  'Durand',
  'Petit',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Michel',
  'Garcia',
];

/** Administrative doctrine or a professional body's publication of `day`. */
function doctrineCitation(rng: Random, prefix: string, day: number): string {
  if (prefix.startsWith('BOI')) return `${prefix} du ${shortDate(day)}`;
  if (prefix === 'Réponse ministérielle') {
    const chamber = rng.chance(0.6) ? 'AN' : 'Sén.';
    return `Rép. ${rng.pick(DEPUTIES)} : ${chamber} ${shortDate(day)} n° ${rng.int(1000, 29999)}`;
  }
  if (prefix === 'Bull. CNCC') return `Bull. CNCC n° ${rng.int(180, 230)}, ${shortDate(day)}`;
  return `${prefix} du ${shortDate(day)}`;
}

// ---------------------------------------------------------------------------------------------------------
// Stories

/** Everything a body template may say about one story. */
export type StoryContext = {
  kind: SourceKind;
  source: string;
  court: Court | null;
  vars: Record<string, string>;
  corpus: TopicCorpus;
};

/** The source and vocabulary of a story about `thematicLabel`, published on `publicationDay`. */
export function storyContext(
  rng: Random,
  corpus: TopicCorpus,
  thematicLabel: string,
  kind: SourceKind,
  publicationDay: number,
  court?: CourtKey,
): StoryContext {
  const sourceDay = publicationDay - rng.int(2, 40);
  let decision: Court | null = null;
  let source: string;
  if (kind === 'j') {
    decision = courtDecision(rng, court ?? rng.pick(corpus.courts), sourceDay);
    source = decision.citation;
  } else if (kind === 't') {
    source = textCitation(rng, sourceDay);
  } else {
    source = doctrineCitation(rng, rng.pick(corpus.doctrine), sourceDay);
  }
  const [ref, ref2] = rng.sample(corpus.refs, 2);
  const year = yearOf(publicationDay);
  const effectDay = publicationDay + rng.int(1, 120);
  const theme = lowerLabel(thematicLabel);
  const publicName = rng.pick(corpus.publics);
  const vars: Record<string, string> = {
    theme,
    Theme: capitalize(theme),
    label: thematicLabel,
    annee: String(year),
    anneeSuivante: String(year + 1),
    source,
    ref: ref ?? '',
    ref2: ref2 ?? ref ?? '',
    party: rng.pick(corpus.parties),
    dispute: rng.pick(corpus.disputes),
    public: publicName,
    Public: capitalize(publicName),
    measure: rng.pick(corpus.measures),
    dateSource: longDate(sourceDay),
    dateEffet: longDate(effectDay),
    dateTransition: longDate(effectDay + rng.int(90, 365)),
    juridiction: decision?.name ?? "l'administration",
    Juridiction: capitalize(decision?.name ?? "l'administration"),
    juridictionDe: decision?.de ?? "de l'administration",
    saisiFem: decision?.name.startsWith('la ') ? 'e' : '',
  };
  return { kind, source, court: decision, vars, corpus };
}

/**
 * The court of a curated story: the one its title or summary names, so that the citation matches the text,
 * else the topic's main court.
 */
export function courtOfStory(story: { title: string; summary: string }, corpus: TopicCorpus): CourtKey {
  const text = `${story.title} ${story.summary}`;
  if (text.includes("Conseil d'État") || text.includes('juge administratif')) return 'ce';
  if (text.includes('Cour de cassation'))
    return corpus.courts.find((key) => key.startsWith('cass')) ?? 'cassCom';
  if (text.includes('tribunal judiciaire de Paris')) return 'caParis';
  return corpus.courts[0] ?? 'cassCom';
}

const JURISPRUDENCE_LEADS = [
  'Par une décision du {dateSource}, {juridiction} se prononce sur une question qui divisait les praticiens en matière de {theme}.',
  '{Juridiction} apporte une réponse attendue à une question récurrente en matière de {theme}.',
  'Saisi{saisiFem} par {party}, {juridiction} précise la portée des règles applicables en matière de {theme} ({ref}).',
];

const FACTS = [
  "Dans cette affaire, {party} contestait {dispute}. Le litige portait sur l'application des règles en vigueur en matière de {theme} ({ref}).",
  "Les faits sont simples : {party} contestait {dispute}, en faisant valoir que les conditions posées par le texte n'étaient pas réunies ({ref}).",
];

const FACTS_FOLLOW_UP = [
  "Les juges du fond avaient fait droit à cette argumentation, ce qui justifiait l'examen de l'affaire par {juridiction}.",
  'La juridiction saisie en premier lieu avait écarté cette analyse, en retenant une lecture extensive du texte.',
  "La partie adverse soutenait au contraire que l'irrégularité invoquée était sans incidence sur le bien-fondé de sa position.",
];

const VERDICTS = [
  'donne raison à la partie requérante',
  "rejette l'argumentation présentée",
  'censure le raisonnement des premiers juges',
  "confirme l'analyse des juges du fond",
];

export const PRINCIPLES = [
  "les conditions posées par le texte s'apprécient à la date de l'opération en cause",
  'la charge de la preuve pèse sur celui qui se prévaut du régime dérogatoire',
  "le manquement invoqué n'est pas d'une gravité suffisante pour justifier la sanction",
  "l'absence de formalisme ne prive pas l'intéressé de ses droits dès lors que son accord est établi",
  "s'agissant d'un régime de faveur, une interprétation stricte du texte s'impose",
  'les éléments produits doivent être appréciés dans leur ensemble et non isolément',
  "le délai ne commence à courir qu'à compter d'une information complète et régulière",
];

export const FINDINGS = [
  "les pièces produites ne permettaient pas d'établir la réalité des engagements allégués",
  "l'intéressé avait été mis en mesure de présenter ses observations en temps utile",
  "aucune disposition n'imposait la forme écrite revendiquée par la partie adverse",
  "la situation devait s'apprécier au regard des seuls faits existant à la date de la décision contestée",
  "les conditions légales n'étaient pas toutes remplies au cours de la période vérifiée",
];

const CONTINUITY = [
  'Cette solution s’inscrit dans la continuité de la jurisprudence antérieure, qui retient une lecture exigeante des dispositions en cause ({ref2}).',
  'La solution est nouvelle et devrait être confirmée : elle rejoint la position défendue par une partie de la doctrine ({ref2}).',
  'Elle précise utilement une jurisprudence jusque-là hésitante, les juridictions du fond ayant statué en sens divers ({ref2}).',
];

const PRACTICE_HEADINGS = [
  'Portée pratique',
  'En pratique',
  "Ce qu'il faut retenir",
  'Conséquences pour les praticiens',
];

const TEXT_LEADS = [
  'Un texte publié au Journal officiel ({source}) modifie les règles applicables en matière de {theme}.',
  'Attendu par les praticiens, le texte ({source}) aménage le régime applicable en matière de {theme}.',
];

const TEXT_COMPLEMENTS = [
  "Ces mesures complètent le dispositif existant ({ref}), dont elles précisent les modalités d'application. Un décret doit encore fixer certaines conditions de mise en œuvre.",
  'Le texte tire les conséquences des difficultés relevées dans la pratique et de la jurisprudence récente ({ref}).',
];

const EFFECT_SENTENCES = [
  "Les nouvelles règles s'appliquent à compter du {dateEffet}. Pour les situations en cours, des dispositions transitoires sont prévues jusqu'au {dateTransition}.",
  "Les dispositions entrent en vigueur le {dateEffet} ; celles qui nécessitent un texte d'application prendront effet au plus tard le {dateTransition}.",
];

const DOCTRINE_LEADS = [
  "Dans une publication récente ({source}), l'administration apporte plusieurs précisions en matière de {theme}.",
  'Les commentaires publiés ({source}) répondent aux principales questions posées par {public} en matière de {theme}.',
];

export const TOLERANCES = [
  "les entreprises peuvent régulariser leur situation sans pénalité jusqu'au {dateEffet}",
  'le dispositif s’applique aux opérations en cours à la date de publication',
  'une tolérance est admise pour les déclarations déposées tardivement de bonne foi',
  "les modalités antérieures restent applicables jusqu'au {dateTransition}",
];

const DOCTRINE_CLOSINGS = [
  'Ces commentaires sont immédiatement applicables. {Public} peuvent s’en prévaloir, dans les conditions prévues par les textes ({ref}).',
  "La position retenue, favorable aux contribuables, devra toutefois être confrontée à l'appréciation du juge ({ref2}).",
];

/** The body of a news story: three or four headed parts, 1.5 to 3 KB of text. */
export function writeNewsBody(
  rng: Random,
  context: StoryContext,
  summary: string,
): { html: string; text: string } {
  const f = (template: string) => fill(template, context.vars);
  const body = new BodyWriter();
  const advice = rng.sample(context.corpus.advice, 3);
  if (context.kind === 'j') {
    body.p(f(rng.pick(JURISPRUDENCE_LEADS)));
    body.p(summary);
    body.h2(rng.pick(['Les faits', 'Le litige', "L'affaire"]));
    body.p(f(rng.pick(FACTS)));
    body.p(f(rng.pick(FACTS_FOLLOW_UP)));
    body.h2(rng.pick(['La solution retenue', 'La décision', 'La position des juges']));
    body.p(f(`{Juridiction} ${rng.pick(VERDICTS)} : ${rng.pick(PRINCIPLES)}.`));
    body.p(f(`Les juges relèvent en effet que ${rng.pick(FINDINGS)}. ${rng.pick(CONTINUITY)}`));
    body.h2(rng.pick(PRACTICE_HEADINGS));
    body.p(f('Cette décision invite {public} à la vigilance. Il leur est recommandé de :'));
    body.ul(advice.map((item, index) => `${item}${index === advice.length - 1 ? '.' : ' ;'}`));
  } else if (context.kind === 't') {
    body.p(f(rng.pick(TEXT_LEADS)));
    body.p(summary);
    body.h2(rng.pick(['Ce que prévoit le texte', 'Les principales mesures', 'Le contenu de la réforme']));
    const measures = rng.sample(context.corpus.measures, 3);
    body.p('Le texte prévoit notamment :');
    body.ul(measures.map((item, index) => `${item}${index === measures.length - 1 ? '.' : ' ;'}`));
    body.p(f(rng.pick(TEXT_COMPLEMENTS)));
    body.h2('Entrée en vigueur');
    body.p(f(rng.pick(EFFECT_SENTENCES)));
    body.h2(rng.pick(PRACTICE_HEADINGS));
    body.p(f(`{Public} ont intérêt à ${advice[0] ?? ''} et à ${advice[1] ?? ''}.`));
  } else {
    body.p(f(rng.pick(DOCTRINE_LEADS)));
    body.p(summary);
    body.h2(rng.pick(['Les précisions apportées', 'La position administrative', 'Les points clarifiés']));
    body.p(
      f(
        `L'administration indique d'abord que ${rng.pick(PRINCIPLES)}. Elle admet ensuite que ${rng.pick(TOLERANCES)}.`,
      ),
    );
    body.p(
      f(
        'Elle illustre ces règles par plusieurs exemples chiffrés et rappelle les textes applicables ({ref}).',
      ),
    );
    body.h2(rng.pick(PRACTICE_HEADINGS));
    body.p(f(rng.pick(DOCTRINE_CLOSINGS)));
    body.ul(advice.map((item, index) => `${capitalize(item)}${index === advice.length - 1 ? '.' : ' ;'}`));
  }
  return body.result();
}

/** Section titles of enriched news, in reading order (the first one is always first). */
const SECTION_TITLES = [
  "L'essentiel",
  'Le contexte',
  "Les conditions d'application",
  'Les conséquences pratiques',
  'Exemple chiffré',
  'Le point de vue du praticien',
  'Les questions en suspens',
  'À retenir',
] as const;

export type SectionText = { title: string; summary: string; sectionType: string; html: string; text: string };

/** The sections of an enriched news story (3 to 8). */
export function writeSections(rng: Random, context: StoryContext, count: number): SectionText[] {
  const middle = rng
    .sample(SECTION_TITLES.slice(1, -1), count - 2)
    .sort((a, b) => SECTION_TITLES.indexOf(a) - SECTION_TITLES.indexOf(b));
  const titles = [SECTION_TITLES[0], ...middle, SECTION_TITLES[7]];
  const f = (template: string) => fill(template, context.vars);
  return titles.map((title, index) => {
    const body = new BodyWriter();
    let summary: string;
    let sectionType = 'section';
    if (index === 0) {
      sectionType = 'essentiel';
      summary = f('Les points clés à connaître en matière de {theme}.');
      body.p(
        f(
          rng.pick(
            context.kind === 'j' ? JURISPRUDENCE_LEADS : context.kind === 't' ? TEXT_LEADS : DOCTRINE_LEADS,
          ),
        ),
      );
      body.p(f(`En substance, ${rng.pick(PRINCIPLES)}.`));
    } else if (title === 'Exemple chiffré') {
      sectionType = 'exemple';
      const base = rng.int(20, 400) * 1000;
      const rate = rng.pick([10, 15, 20, 25, 33]);
      summary = 'Une illustration chiffrée du mécanisme.';
      body.p(
        `Soit une entreprise dont la base concernée s'élève à ${formatEuros(base)}. Avec un taux de ${rate} %, le montant dû atteint ${formatEuros((base * rate) / 100)}.`,
      );
      body.p(
        f(
          "Si l'opération intervient après le {dateEffet}, le nouveau régime s'applique et le calcul doit être refait selon les règles nouvelles ({ref}).",
        ),
      );
    } else if (title === 'À retenir') {
      sectionType = 'a-retenir';
      summary = 'Ce que les praticiens doivent garder en tête.';
      const advice = rng.sample(context.corpus.advice, 3);
      body.ul(advice.map((item) => capitalize(item)));
    } else {
      summary = f(`${title} : ce qu'il faut savoir en matière de {theme}.`);
      writeSectionBody(rng, context, title, body);
    }
    const { html, text } = body.result();
    return { title, summary, sectionType, html, text: `${title}\n\n${text}` };
  });
}

/** The middle sections, each with its own angle. */
function writeSectionBody(rng: Random, context: StoryContext, title: string, body: BodyWriter): void {
  const f = (template: string) => fill(template, context.vars);
  switch (title) {
    case 'Le contexte':
      body.p(f(rng.pick(FACTS)));
      body.p(f(rng.pick(FACTS_FOLLOW_UP)));
      return;
    case "Les conditions d'application":
      body.p('Plusieurs conditions doivent être réunies :');
      body.ul(rng.sample(PRINCIPLES, 3).map(capitalize));
      body.p(f(`Les juges relèvent notamment que ${rng.pick(FINDINGS)} ({ref2}).`));
      return;
    case 'Les conséquences pratiques':
      body.p(f('Pour {public}, la portée de ces règles est immédiate. Il convient de :'));
      body.ul(rng.sample(context.corpus.advice, 3));
      return;
    case 'Le point de vue du praticien':
      body.p(
        f(
          `« ${capitalize(rng.pick(PRINCIPLES))}. En pratique, il faut ${rng.pick(context.corpus.advice)}, sans attendre un éventuel contrôle. »`,
        ),
      );
      body.p(f(rng.pick(CONTINUITY)));
      return;
    default:
      body.p(
        f(
          `Reste à savoir si ${rng.pick(TOLERANCES)}. Les commentaires administratifs attendus devraient apporter des précisions.`,
        ),
      );
      body.p(f(rng.pick(CONTINUITY)));
  }
}

const euroFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** "125 000 €" (with the narrow no-break spaces of French number formatting). */
export function formatEuros(amount: number): string {
  return `${euroFormat.format(Math.round(amount))} €`;
}
