'use client';

import { useEffect } from 'react';
import { installEmbedConsent } from '@/client/embed-consent';
import { installEmbedActivation } from '@/client/embeds';

/**
 * The platform embeds of editorial HTML on the page load on the reader's click (src/client/embeds.ts), which
 * records consent to their platform; an accepted platform's embeds load at once, in the content shown when
 * `content` last changed (src/client/embed-consent.ts).
 */
export function useEmbedPlaceholders(content: unknown): void {
  useEffect(() => installEmbedActivation(document), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new content brings new placeholders.
  useEffect(() => installEmbedConsent(document), [content]);
}

/** The same, for a server-rendered body (an editorial page). */
export function EmbedPlaceholders() {
  useEmbedPlaceholders(null);
  return null;
}
