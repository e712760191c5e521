import 'server-only';
import { z } from 'zod';
import { NEWS_TOPICS, type NewsTopic } from '@/lib/constants';
import corpusFile from './corpus.json';

/**
 * Editorial raw material of the demo news (corpus.json), per news topic: curated stories (thematic, title,
 * summary and the kind of source they comment on) and the vocabulary the body templates draw from, plus the
 * generic title angles. Placeholders in braces ({annee}, {anneeSuivante}, {juridiction}, {theme}) are filled by
 * the templates. The file is data: the schemas below check it when the seed loads it and give its types.
 */

/** j: a court decision, t: a statute or regulation, d: administrative doctrine or a professional body. */
const sourceKindSchema = z.enum(['j', 't', 'd']);
export type SourceKind = z.infer<typeof sourceKindSchema>;

const courtKeySchema = z.enum([
  'ce',
  'caa',
  'cassSoc',
  'cassCom',
  'cassCiv1',
  'cassCiv2',
  'cassCiv3',
  'cjue',
  'cc',
  'caParis',
]);
export type CourtKey = z.infer<typeof courtKeySchema>;

const storySchema = z.object({
  thematic: z.string().min(1),
  kind: sourceKindSchema,
  title: z.string().min(1),
  summary: z.string().min(1),
});
export type Story = z.infer<typeof storySchema>;

const phrases = z.array(z.string().min(1)).min(1).readonly();

const topicCorpusSchema = z.object({
  stories: z.array(storySchema).readonly(),
  /** Legal references quoted in bodies and documents. */
  refs: phrases,
  courts: z.array(courtKeySchema).min(1).readonly(),
  /** Who went to court, as the subject of a sentence. */
  parties: phrases,
  /** What was disputed, as the object of "contestait". */
  disputes: phrases,
  /** Who must act on the news, plural with article. */
  publics: phrases,
  /** Practical advice, infinitive phrases without the final period. */
  advice: phrases,
  /** Measures of a new text, noun phrases. */
  measures: phrases,
  /** Doctrine source prefixes (BOI series, professional bodies). */
  doctrine: phrases,
  /** Other trade filters the news is relevant to, besides its own topic. */
  relatedTrades: z.array(z.string().min(1)).readonly(),
});
export type TopicCorpus = z.infer<typeof topicCorpusSchema>;

const corpus = z
  .object({
    topics: z.record(z.enum(NEWS_TOPICS), topicCorpusSchema),
    /** The generic title angles ("<thematic> : <angle>") that cover every thematic of the tree. */
    angles: z.record(sourceKindSchema, phrases),
    /** Summaries of generated stories; {theme} is the thematic in lower case. */
    angleSummaries: z.record(sourceKindSchema, phrases),
  })
  .parse(corpusFile);

export const CORPUS: Readonly<Record<NewsTopic, TopicCorpus>> = corpus.topics;
export const ANGLES = corpus.angles;
export const ANGLE_SUMMARIES = corpus.angleSummaries;
