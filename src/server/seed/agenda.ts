import 'server-only';
import type { NewsTopic } from '@/lib/constants';
import { MONTHS } from '@/lib/months';
import type { AdditionalProperties } from '../db/schema';
import { dayFromParts, longDate, monthOf, nextWorkingDay, yearOf } from './calendar';

/** The fiscal and social deadlines of the agenda, generated month by month from the usual calendar. */

export type AgendaEvent = {
  day: number;
  topic: Extract<NewsTopic, 'fiscal' | 'social'>;
  thematic: string;
  title: string;
  summary: string;
  who: string;
  how: string;
  /** Who it concerns and whether its date is "sous réserve", as the article's additionalProperties. */
  audience?: AdditionalProperties;
};

type Rule = {
  /** Months (1-12) the deadline recurs in; empty means every month. */
  months: readonly number[];
  dayInMonth: number;
  topic: AgendaEvent['topic'];
  thematic: string;
  title: string;
  summary: string;
  who: string;
  how: string;
  audience?: AdditionalProperties;
};

const EVERY_MONTH: readonly number[] = [];

const RULES: readonly Rule[] = [
  {
    months: EVERY_MONTH,
    dayInMonth: 5,
    topic: 'social',
    thematic: 'Cotisations sociales',
    title: 'Déclaration sociale nominative des entreprises de 50 salariés et plus',
    audience: { agenda_tailles: '50-a-249,250-et-plus' },
    summary:
      'Les employeurs d’au moins 50 salariés qui versent les salaires dans le mois transmettent la DSN de {moisPrecedent} et acquittent les cotisations sociales.',
    who: "Employeurs d'au moins 50 salariés dont la paie est versée au cours du mois de travail.",
    how: 'Dépôt de la DSN sur net-entreprises.fr et paiement des cotisations Urssaf, retraite complémentaire et prévoyance.',
  },
  {
    months: EVERY_MONTH,
    dayInMonth: 15,
    topic: 'social',
    thematic: 'Cotisations sociales',
    title: 'Déclaration sociale nominative des entreprises de moins de 50 salariés',
    audience: { agenda_tailles: 'moins-de-11,11-a-49' },
    summary:
      'Les employeurs de moins de 50 salariés transmettent la DSN de {moisPrecedent} ; les cotisations sont exigibles le même jour, sauf option pour le paiement trimestriel.',
    who: 'Employeurs de moins de 50 salariés et employeurs décalant la paie.',
    how: 'Dépôt de la DSN mensuelle ; le prélèvement à la source retenu sur les salaires est reversé avec la déclaration.',
  },
  {
    months: EVERY_MONTH,
    dayInMonth: 19,
    topic: 'fiscal',
    thematic: 'TVA',
    title: 'Échéance de TVA : déclaration mensuelle CA3',
    audience: { agenda_tva: 'reel-normal' },
    summary:
      'Les entreprises soumises au régime réel normal déposent leur déclaration de TVA au titre des opérations de {moisPrecedent} et acquittent la taxe.',
    who: "Redevables de la TVA relevant du régime réel normal d'imposition (date limite fixée entre le 15 et le 24 selon l'entreprise).",
    how: 'Télédéclaration et télépaiement depuis l’espace professionnel ou par l’intermédiaire d’un partenaire EDI.',
  },
  {
    months: [3, 6, 9, 12],
    dayInMonth: 15,
    topic: 'fiscal',
    thematic: 'Impôt sur les sociétés',
    title: "Versement de l'acompte d'impôt sur les sociétés",
    audience: { agenda_imposition: 'is' },
    summary:
      "Les sociétés soumises à l'impôt sur les sociétés dont l'exercice coïncide avec l'année civile versent un acompte calculé sur le dernier résultat connu.",
    who: "Sociétés dont l'impôt de référence excède 3 000 €.",
    how: 'Télépaiement au moyen du relevé d’acompte n° 2571 ; la contribution sociale sur l’IS est acquittée en même temps.',
  },
  {
    months: [1, 4, 7, 10],
    dayInMonth: 15,
    topic: 'fiscal',
    thematic: 'Taxe sur les salaires',
    title: 'Taxe sur les salaires : versement trimestriel',
    summary:
      'Les employeurs non assujettis à la TVA sur 90 % au moins de leur chiffre d’affaires versent la taxe sur les salaires du trimestre écoulé.',
    who: 'Employeurs dont la taxe de l’année précédente était comprise entre 4 000 € et 10 000 €.',
    how: 'Relevé de versement provisionnel n° 2501 déposé par voie électronique.',
  },
  {
    months: [1, 4, 7, 10],
    dayInMonth: 15,
    topic: 'social',
    thematic: 'Cotisations sociales',
    title: 'Cotisations trimestrielles des employeurs de moins de 11 salariés',
    audience: { agenda_tailles: 'moins-de-11' },
    summary:
      'Les employeurs de moins de 11 salariés ayant opté pour le paiement trimestriel acquittent les cotisations du trimestre écoulé.',
    who: 'Employeurs de moins de 11 salariés ayant opté pour le versement trimestriel des cotisations.',
    how: 'Paiement avec la DSN du dernier mois du trimestre.',
  },
  {
    months: [3],
    dayInMonth: 1,
    topic: 'social',
    thematic: 'Égalité professionnelle',
    title: "Index de l'égalité professionnelle : publication de la note",
    audience: { agenda_tailles: '50-a-249,250-et-plus' },
    summary:
      "Les entreprises d'au moins 50 salariés publient leur index de l'égalité professionnelle entre les femmes et les hommes et le transmettent à l'administration.",
    who: "Entreprises d'au moins 50 salariés.",
    how: "Publication sur le site internet de l'entreprise et déclaration sur la plateforme Egapro.",
  },
  {
    months: [5],
    dayInMonth: 5,
    topic: 'fiscal',
    thematic: 'TVA',
    title: 'Déclaration annuelle de TVA CA12',
    audience: { agenda_tva: 'reel-simplifie' },
    summary:
      'Les entreprises relevant du régime simplifié déposent leur déclaration annuelle de TVA et régularisent les acomptes versés.',
    who: 'Entreprises placées sous le régime simplifié d’imposition dont l’exercice coïncide avec l’année civile.',
    how: 'Télédéclaration de la déclaration n° 3517-S CA12.',
  },
  {
    months: [5],
    dayInMonth: 15,
    topic: 'social',
    thematic: 'Cotisations sociales',
    title: "Déclaration obligatoire d'emploi des travailleurs handicapés",
    audience: { agenda_tailles: '11-a-49,50-a-249,250-et-plus' },
    summary:
      "L'obligation d'emploi des travailleurs handicapés est déclarée dans la DSN d'avril ; la contribution éventuelle est acquittée à cette date.",
    who: 'Entreprises d’au moins 20 salariés.',
    how: "Déclaration dans la DSN d'avril transmise en mai.",
  },
  {
    months: [5],
    dayInMonth: 19,
    topic: 'fiscal',
    thematic: 'Impôt sur les sociétés',
    title: 'Déclaration de résultats et solde de l’impôt sur les sociétés',
    audience: { agenda_imposition: 'is' },
    summary:
      "Les sociétés dont l'exercice coïncide avec l'année civile déposent leur liasse fiscale et versent le solde de l'impôt sur les sociétés.",
    who: 'Sociétés soumises à l’impôt sur les sociétés et entreprises relevant des BIC, BNC ou BA.',
    how: 'Dépôt de la liasse fiscale en mode EDI et paiement au moyen du relevé de solde n° 2572.',
  },
  {
    months: [5],
    dayInMonth: 22,
    topic: 'fiscal',
    thematic: 'Impôt sur le revenu',
    title: 'Déclaration des revenus : première date limite en ligne',
    audience: { agenda_imposition: 'ir', agenda_sous_reserve: true },
    summary:
      "Les contribuables des départements 01 à 19 déposent leur déclaration de revenus en ligne ; les autres départements suivent jusqu'au début du mois de juin.",
    who: 'Contribuables domiciliés dans les départements 01 à 19 et non-résidents.',
    how: 'Déclaration en ligne sur impots.gouv.fr.',
  },
  {
    months: [6],
    dayInMonth: 15,
    topic: 'fiscal',
    thematic: 'Fiscalité locale',
    title: 'Acompte de cotisation foncière des entreprises',
    summary:
      "Les entreprises dont la CFE de l'année précédente atteignait 3 000 € versent un acompte égal à la moitié de cette cotisation.",
    who: "Redevables de la CFE dont la cotisation de l'année précédente était d'au moins 3 000 €.",
    how: 'Paiement en ligne ou par prélèvement à l’échéance.',
  },
  {
    months: [7, 12],
    dayInMonth: 16,
    topic: 'fiscal',
    thematic: 'TVA',
    title: 'Acompte de TVA des entreprises au régime simplifié',
    audience: { agenda_tva: 'reel-simplifie' },
    summary:
      'Les entreprises relevant du régime simplifié de TVA versent un acompte calculé sur la taxe due au titre de l’exercice précédent.',
    who: 'Entreprises placées sous le régime simplifié d’imposition à la TVA.',
    how: 'Télépaiement de l’acompte au moyen du formulaire n° 3514.',
  },
  {
    months: [10],
    dayInMonth: 15,
    topic: 'fiscal',
    thematic: 'Fiscalité locale',
    title: 'Taxe foncière : date limite de paiement',
    summary:
      "Les propriétaires acquittent la taxe foncière de l'année ; le délai est prolongé de cinq jours en cas de paiement en ligne.",
    who: 'Propriétaires et usufruitiers de biens immobiliers au 1er janvier.',
    how: 'Paiement en ligne, par prélèvement ou par smartphone.',
  },
  {
    months: [12],
    dayInMonth: 15,
    topic: 'fiscal',
    thematic: 'Fiscalité locale',
    title: 'Cotisation foncière des entreprises : paiement du solde',
    summary:
      "Les entreprises acquittent la cotisation foncière des entreprises, sous déduction de l'acompte éventuellement versé en juin.",
    who: 'Entreprises et professionnels exerçant une activité non salariée au 1er janvier.',
    how: 'Paiement obligatoirement dématérialisé depuis l’espace professionnel.',
  },
  {
    months: [2],
    dayInMonth: 15,
    topic: 'fiscal',
    thematic: 'Impôt sur le revenu',
    title: 'Déclaration des revenus de capitaux mobiliers (IFU)',
    summary:
      "Les établissements payeurs et les sociétés qui ont versé des revenus de capitaux mobiliers déposent l'imprimé fiscal unique.",
    who: 'Sociétés ayant distribué des dividendes ou versé des intérêts au cours de l’année précédente.',
    how: 'Déclaration n° 2561 souscrite par voie électronique.',
  },
];

/** Every deadline whose day lies in [fromDay, toDay], in date order. */
export function agendaEvents(fromDay: number, toDay: number): AgendaEvent[] {
  const events: AgendaEvent[] = [];
  const firstYear = yearOf(fromDay);
  const lastYear = yearOf(toDay);
  for (let year = firstYear; year <= lastYear; year += 1) {
    for (let month = 1; month <= 12; month += 1) {
      const previousMonth = MONTHS[(month + 10) % 12]?.name ?? '';
      for (const rule of RULES) {
        if (rule.months.length > 0 && !rule.months.includes(month)) continue;
        const day = nextWorkingDay(dayFromParts(year, month, rule.dayInMonth));
        if (day < fromDay || day > toDay || monthOf(day) !== month) continue;
        events.push({
          day,
          topic: rule.topic,
          thematic: rule.thematic,
          title: `${rule.title} – ${longDate(day)}`,
          summary: rule.summary.replace('{moisPrecedent}', previousMonth),
          who: rule.who,
          how: rule.how,
          ...(rule.audience ? { audience: rule.audience } : {}),
        });
      }
    }
  }
  return events.sort((a, b) => a.day - b.day);
}
