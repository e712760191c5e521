import { z } from 'zod';

/**
 * Building blocks of the /api query schemas of content and shop calls. Query values arrive as strings; an empty
 * value counts as absent, as the browser client leaves empty values out anyway.
 */

const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** An optional query value, trimmed-empty meaning absent. */
export const optional = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess(emptyAsAbsent, schema.optional());

/** A whole number written in digits, from min to max. */
export const integerParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'doit être un nombre entier')
    .transform(Number)
    .pipe(z.number().min(min, `doit être au moins ${min}`).max(max, `doit être au plus ${max}`));

/** true/false (also 1/0), as query strings carry booleans. */
export const booleanParam = z
  .enum(['true', 'false', '1', '0'], { error: 'doit valoir true ou false' })
  .transform((value) => value === 'true' || value === '1');

/** A slug: lowercase letters, digits and hyphens. */
export const slugParam = z
  .string()
  .max(100, 'trop long (100 caractères au plus)')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'doit être un identifiant en minuscules, chiffres et tirets');

/** A taxonomy reference: a slug, an id (EBX:EFL_Themes:Fiscal) or a short id. */
export const referenceParam = z
  .string()
  .max(200, 'trop long (200 caractères au plus)')
  .regex(/^[A-Za-z0-9][A-Za-z0-9:_-]*$/, 'contient des caractères non autorisés');

/** A list joined by `separator` (spec section 7: ';' for shop lists), each item checked, at most `max` items. */
export const listParam = <Item extends z.ZodType<string, string>>(
  item: Item,
  separator: RegExp,
  max: number,
) =>
  z
    .string()
    .max(4_000, 'trop long')
    .transform((value) =>
      value
        .split(separator)
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(item).max(max, `au plus ${max} valeurs`));
