'use client';

import { type ReactNode, useEffect, useRef, useState } from 'react';
import styles from './search.module.css';

/** The width below which the results come first and the facets open in a dialog (the layout's one column). */
const ONE_COLUMN = '(max-width: 800px)';

type Props = { children: ReactNode; selectedCount: number };

/** Marks the 'Filtrer' button, which a browser without JavaScript hides (below): it could not open its dialog. */
const FILTER_BUTTON_ATTRIBUTE = 'data-bouton-filtrer';

/**
 * Where the facets panel sits. On wide screens, beside the results. In one column (spec: "on mobile, a single
 * combined list"), the results come first and a 'Filtrer' button opens the panel in a modal dialog (the native
 * <dialog>: focus moves into it and stays there, Escape closes it, the page behind is inert). The button is in the
 * server's HTML, shown by CSS in one column, disabled until this component knows the width: inserting it at
 * hydration moved the results down on every phone (a layout shift of 0.49). Without JavaScript the button is hidden
 * and the panel is shown after the results.
 */
export function FilterDialog({ children, selectedCount }: Props) {
  const [oneColumn, setOneColumn] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const media = window.matchMedia(ONE_COLUMN);
    const update = () => setOneColumn(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  const filterButtonProps = { [FILTER_BUTTON_ATTRIBUTE]: '' };
  return (
    <>
      <button
        type="button"
        className={styles.filterButton}
        {...filterButtonProps}
        aria-haspopup="dialog"
        disabled={!oneColumn}
        onClick={() => dialog.current?.showModal()}
      >
        Filtrer
        {selectedCount > 0 ? (
          <>
            {' '}
            ({selectedCount}
            <span className="visually-hidden"> filtres choisis</span>)
          </>
        ) : null}
      </button>
      {oneColumn ? (
        <dialog ref={dialog} className={styles.filterDialog} aria-labelledby="facets-title">
          <button type="button" className={styles.filterClose} onClick={() => dialog.current?.close()}>
            Fermer<span className="visually-hidden"> les filtres</span>
          </button>
          {children}
        </dialog>
      ) : (
        <div className={styles.facetsColumn}>{children}</div>
      )}
      <noscript>
        <style>{`[${FILTER_BUTTON_ATTRIBUTE}]{display:none}`}</style>
      </noscript>
    </>
  );
}
