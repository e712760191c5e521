'use client';

import { type ReactNode, useEffect, useRef, useState } from 'react';
import styles from './search.module.css';

/** The width below which the results come first and the facets open in a dialog (the layout's one column). */
const ONE_COLUMN = '(max-width: 800px)';

type Props = { children: ReactNode; selectedCount: number };

/**
 * Where the facets panel sits. On wide screens, beside the results. In one column (spec: "on mobile, a single
 * combined list"), the results come first and a 'Filtrer' button opens the panel in a modal dialog (the native
 * <dialog>: focus moves into it and stays there, Escape closes it, the page behind is inert). Without JavaScript
 * the panel is shown after the results.
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
  if (!oneColumn) return <div className={styles.facetsColumn}>{children}</div>;
  return (
    <div className={styles.facetsColumn} data-dialog="">
      <button
        type="button"
        className={styles.filterButton}
        aria-haspopup="dialog"
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
      <dialog ref={dialog} className={styles.filterDialog} aria-labelledby="facets-title">
        <button type="button" className={styles.filterClose} onClick={() => dialog.current?.close()}>
          Fermer<span className="visually-hidden"> les filtres</span>
        </button>
        {children}
      </dialog>
    </div>
  );
}
