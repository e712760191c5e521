import { z } from 'zod';

/**
 * A closed list of codes, stored and exchanged as such, each with the French label the newsroom shows. One
 * declaration gives the codes (in the labels' order), their schema and the labels, so a code cannot be added
 * without its label.
 */
export function codesWithLabels<const Labels extends Record<string, string>>(labels: Labels, error?: string) {
  type Code = Extract<keyof Labels, string>;
  const codes = Object.keys(labels) as [Code, ...Code[]];
  return {
    codes,
    schema: z.enum(codes, error === undefined ? undefined : { error }),
    labels: labels as Readonly<Record<Code, string>>,
  };
}
