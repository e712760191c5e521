import { CONSENT_STATE_SCRIPT } from '@/lib/consent';
import styles from './consent-banner.module.css';
import { ConsentText } from './consent-text';

/** What each of the notice's buttons asks for; ConsentManager acts on it. */
export type NoticeAction = 'refuse' | 'customize' | 'accept';

/**
 * The consent notice of a first visit (CNIL), server-rendered into every page and painted with it: "Tout refuser" is
 * a button like "Tout accepter", side by side and as visible; "Personnaliser" opens one choice per purpose (the
 * on-demand ConsentSettings). Not modal: the page stays usable, and nothing that needs consent runs until a choice
 * is made. It comes first in the page, so a keyboard reaches it at once.
 *
 * Its buttons do nothing without the page's scripts: a tap made before they have run is kept by the reader pages'
 * loader and given to ConsentManager once it has hydrated (`type="button"`, docs/decisions/068); ConsentStateScript, before it in the page, hides it from a reader who has chosen before the page paints; without
 * JavaScript it is not shown, as nothing that needs consent can run.
 */
export function ConsentNotice() {
  return (
    <>
      <noscript>
        <style>{`.${styles.notice}{display:none}`}</style>
      </noscript>
      <section
        className={`${styles.banner} ${styles.notice}`}
        role="dialog"
        aria-modal="false"
        aria-labelledby="consentement-titre"
        aria-describedby="consentement-texte"
      >
        <div className={`container ${styles.inner}`}>
          <h2 id="consentement-titre" className={styles.title}>
            Vos choix sur les cookies
          </h2>
          <ConsentText id="consentement-texte" />
          <div className={styles.actions}>
            <button type="button" data-consent="refuse" className={styles.button}>
              Tout refuser
            </button>
            <button type="button" data-consent="customize" className={styles.secondary}>
              Personnaliser
            </button>
            <button type="button" data-consent="accept" className={styles.button}>
              Tout accepter
            </button>
          </div>
        </div>
      </section>
    </>
  );
}

/**
 * Marks <html> when the reader has chosen, before the notice is parsed (src/lib/consent.ts). Server-rendered only:
 * it sits in the site's frame, which the browser never renders again.
 */
export function ConsentStateScript() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, allowed by its hash in the CSP.
  return <script dangerouslySetInnerHTML={{ __html: CONSENT_STATE_SCRIPT }} />;
}
