import { embedProviderOf } from '@/lib/embeds';
import { grantConsent, hasConsent, onConsentChange } from './consent';
import { activateEmbed, setOnEmbedActivate } from './embeds';

/**
 * Cookie consent for platform embeds (CNIL): the reader's click on a placeholder's "Afficher le contenu" is their
 * consent to that platform, recorded like a choice made in the banner; and a platform already accepted (in the
 * banner, or by an earlier click) has its frames loaded at once, without a click. A choice made later on the page
 * (the banner's "Tout accepter") loads the frames it allows straight away.
 */
export function installEmbedConsent(document: Document): () => void {
  const restore = setOnEmbedActivate((embed) => {
    const platform = embedProviderOf(embed.src)?.id;
    if (platform && !hasConsent(platform)) grantConsent(platform);
    return true;
  });
  const loadAccepted = () => {
    for (const placeholder of document.querySelectorAll<HTMLElement>(
      '[data-embed-src]:not([data-embed-active])',
    )) {
      const platform = embedProviderOf(placeholder.dataset.embedSrc ?? '')?.id;
      if (platform && hasConsent(platform)) void activateEmbed(placeholder);
    }
  };
  loadAccepted();
  const stop = onConsentChange(loadAccepted);
  return () => {
    stop();
    restore();
  };
}
