import './zod-setup';
import * as zm from 'zod/mini';

// Zod Mini throughout: the text pages' "Suivre ce texte" button parses the answer in the browser.

/** A canonical reference key ("code:code-du-travail:l1233-3", "cjue:C-608/24"…), as the text pages carry it. */
const key = zm
  .string({ error: 'Référence manquante.' })
  .check(zm.regex(/^[a-z]{2,12}:[A-Za-z0-9:./-]{1,120}$/, 'Référence invalide.'));

/** GET /api/account/followedTexts?key=…: whether the logged-in reader follows that text. */
export const followedTextQuery = zm.object({ key });

/** POST /api/account/followedTexts: follow (`followed: true`) or stop following a text. */
export const followedTextBody = zm.object({
  key,
  followed: zm.boolean({ error: 'followed doit valoir true ou false.' }),
});

/** The answer of both calls. */
export const followedTextAnswer = zm.object({ key: zm.string(), followed: zm.boolean() });
export type FollowedTextAnswer = zm.infer<typeof followedTextAnswer>;
