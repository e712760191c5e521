'use client';

import { useEffect, useState } from 'react';
import { errorMessage, listMedia, type MediaFilters } from '@/client/admin';
import type { MediaAnswer, MediaListAnswer } from '@/lib/contracts/admin';
import { imageSources } from '@/lib/image-sources';
import { SubmitRow } from '../buttons';
import { InputField, SelectField } from '../fields';
import { formatFileSize } from '../format';
import { Pager } from '../list-parts';
import { ErrorAlert, Loading } from '../messages';
import styles from '../newsroom.module.css';

/** Media shown per page: a grid that fits a screen, bounded on the server (100 at most). */
const MEDIA_PAGE_SIZE = 24;
/** Width a thumbnail is drawn at, in CSS pixels (the optimiser serves it at 1x and 2x). */
const THUMBNAIL_WIDTH = 160;

const KIND_OPTIONS = [
  { value: '', label: 'Tous' },
  { value: 'image', label: 'Images' },
  { value: 'pdf', label: 'PDF' },
] as const;

/** A medium's thumbnail through the site's image optimiser (a PDF shows its type instead). */
export function MediaThumbnail({ media }: { media: MediaAnswer }) {
  if (media.kind !== 'image') {
    return (
      <span className={styles.mediaPdf} aria-hidden="true">
        PDF
      </span>
    );
  }
  const sources = imageSources(media.url, THUMBNAIL_WIDTH, undefined);
  return (
    // biome-ignore lint/performance/noImgElement: the optimiser's srcset without next/image's script, as on reader pages.
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      alt=""
      width={THUMBNAIL_WIDTH}
      height={Math.round(((media.height ?? 1) / (media.width ?? 1)) * THUMBNAIL_WIDTH)}
      loading="lazy"
      className={styles.mediaThumbnail}
    />
  );
}

/**
 * The media library as a grid: a search over names, alt texts and captions, a type filter, one page at a time.
 * Choosing a medium hands it to `onChoose` (the library shows its details, the editor's picker places it); `kind`
 * fixes the type (the picker shows images only).
 */
export function MediaBrowser({
  onChoose,
  chooseLabel,
  selectedId,
  kind,
  reloadKey = 0,
}: {
  onChoose: (media: MediaAnswer) => void;
  /** The verb of each tile's button, before the file name ("Voir", "Choisir"). */
  chooseLabel: string;
  selectedId?: number | null;
  kind?: 'image' | 'pdf';
  /** Changed by the caller to read the list again (after an upload, an edit, a deletion). */
  reloadKey?: number;
}) {
  const [filters, setFilters] = useState<MediaFilters>({ page: 1, kind });
  const [answer, setAnswer] = useState<MediaListAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void reloadKey;
    listMedia({ ...filters, perPage: MEDIA_PAGE_SIZE }, controller.signal)
      .then((list) => {
        setAnswer(list);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(failure));
      });
    return () => controller.abort();
  }, [filters, reloadKey]);

  return (
    <div>
      <form
        className={styles.filters}
        aria-label="Chercher dans la médiathèque"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const chosenKind = String(form.get('kind') ?? '');
          setFilters({
            page: 1,
            q: String(form.get('q') ?? '').trim() || undefined,
            kind: kind ?? (chosenKind === 'image' || chosenKind === 'pdf' ? chosenKind : undefined),
          });
        }}
      >
        <InputField
          label="Nom, texte alternatif ou légende"
          name="q"
          type="search"
          maxLength={100}
          defaultValue={filters.q ?? ''}
        />
        {kind ? null : (
          <SelectField label="Type" name="kind" defaultValue={filters.kind ?? ''} options={KIND_OPTIONS} />
        )}
        <SubmitRow kind="secondary">Chercher</SubmitRow>
      </form>
      <ErrorAlert message={error} />
      {answer === null ? (
        error ? null : (
          <Loading />
        )
      ) : (
        <>
          <p className={styles.hint} role="status">
            {answer.total === 0
              ? 'Aucun média ne correspond.'
              : `${answer.total} média${answer.total > 1 ? 's' : ''}, page ${answer.page} sur ${answer.pageCount}.`}
          </p>
          <ul className={styles.mediaGrid}>
            {answer.items.map((media) => (
              <li key={media.id}>
                <button
                  type="button"
                  className={styles.mediaTile}
                  aria-pressed={selectedId === undefined ? undefined : selectedId === media.id}
                  onClick={() => onChoose(media)}
                >
                  <MediaThumbnail media={media} />
                  <span className={styles.mediaName}>
                    <span className="visually-hidden">{chooseLabel} </span>
                    {media.name}
                  </span>
                  <span className={styles.hint}>
                    {media.width ? `${media.width} × ${media.height} px · ` : ''}
                    {formatFileSize(media.size)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <Pager
            label="Pages de la médiathèque"
            list={answer}
            showPosition
            onPage={(page) => setFilters((current) => ({ ...current, page }))}
          />
        </>
      )}
    </div>
  );
}
