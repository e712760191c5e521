'use client';

import Link from 'next/link';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { deleteMedia, errorMessage, getMedia, replaceMedia, updateMedia } from '@/client/admin';
import {
  ARTICLE_STATUS_LABELS,
  IMAGE_CONTENT_TYPES,
  type MediaAnswer,
  type MediaDetailAnswer,
} from '@/lib/contracts/admin';
import { ConfirmButton, SubmitRow } from '../buttons';
import { UploadField } from '../editor/media-fields';
import { InputField } from '../fields';
import { usePageMessages } from '../form-errors';
import { formatDateTime, formatFileSize } from '../format';
import { Loading, PageMessages } from '../messages';
import styles from '../newsroom.module.css';
import { articleEditPath } from '../paths';
import { FocalPointField } from './focal-point-field';

const FIELD_LABELS: Record<string, string> = {
  alt: 'Texte alternatif',
  caption: 'Légende',
  'focalPoint.x': 'Point focal (horizontal)',
  'focalPoint.y': 'Point focal (vertical)',
};

/**
 * One medium of the library: what it is, where it is used, its alt text and caption, its focal point, the
 * replacement of its file (a new version, decision 074) and its deletion once nothing shows it. `onChanged` says
 * the list must be read again; a replacement or deletion names the medium now shown (or none).
 */
export function MediaDetails({
  id,
  canEdit,
  onChanged,
}: {
  id: number;
  canEdit: boolean;
  onChanged: (shownId: number | null) => void;
}) {
  const headingId = useId();
  const [media, setMedia] = useState<MediaDetailAnswer | null>(null);
  const [focal, setFocal] = useState<{ x: number; y: number } | null>(null);
  const { error, details, notice, setError, run } = usePageMessages((field) => FIELD_LABELS[field] ?? field);

  useEffect(() => {
    const controller = new AbortController();
    setMedia(null);
    getMedia(id, controller.signal)
      .then((answer) => {
        setMedia(answer);
        setFocal(answer.focalPoint);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(failure));
      });
    return () => controller.abort();
  }, [id, setError]);

  if (!media) return error ? <PageMessages error={error} notice={null} /> : <Loading />;

  const keep = (saved: MediaAnswer) => setMedia({ ...media, ...saved });
  const saveTexts = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void run(async () => {
      keep(
        await updateMedia(media.id, {
          alt: String(form.get('alt') ?? ''),
          caption: String(form.get('caption') ?? ''),
        }),
      );
      onChanged(media.id);
      return 'Texte alternatif et légende enregistrés.';
    });
  };
  const saveFocal = (point: { x: number; y: number } | null) =>
    run(async () => {
      keep(await updateMedia(media.id, { focalPoint: point }));
      setFocal(point);
      return point ? `Point focal enregistré (${point.x} %, ${point.y} %).` : 'Point focal remis au centre.';
    });
  const remove = () =>
    run(async () => {
      await deleteMedia(media.id);
      onChanged(null);
      return `« ${media.name} » supprimé.`;
    });
  const isImage = media.kind === 'image';
  const places = media.usedBy.length + media.usedElsewhere.length;

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>{media.name}</h2>
      <PageMessages error={error} notice={notice} details={details} />
      <dl className={styles.mediaFacts}>
        <dt>Type</dt>
        <dd>{isImage ? `Image ${media.contentType.replace('image/', '').toUpperCase()}` : 'PDF'}</dd>
        {media.width ? (
          <>
            <dt>Dimensions</dt>
            <dd>
              {media.width} × {media.height} px
            </dd>
          </>
        ) : null}
        <dt>Poids</dt>
        <dd>{formatFileSize(media.size)}</dd>
        <dt>Envoyé par</dt>
        <dd>{media.uploadedBy ?? 'Inconnu'}</dd>
        <dt>Envoyé le</dt>
        <dd>{formatDateTime(media.createdAt)}</dd>
        <dt>Adresse</dt>
        <dd>
          <a href={media.url} target="_blank" rel="noreferrer">
            Ouvrir le fichier<span className="visually-hidden"> {media.name} (nouvel onglet)</span>
          </a>
        </dd>
      </dl>
      <h3>Utilisé dans</h3>
      {places === 0 ? (
        <p>Aucun contenu.</p>
      ) : (
        <ul>
          {media.usedBy.map((article) => (
            <li key={article.id}>
              <Link href={articleEditPath(article.id)}>{article.title}</Link> (
              {ARTICLE_STATUS_LABELS[article.status as keyof typeof ARTICLE_STATUS_LABELS] ?? article.status})
            </li>
          ))}
          {media.usedElsewhere.map((place) => (
            <li key={place}>{place}</li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <>
          <form onSubmit={saveTexts} aria-label="Textes du média">
            <InputField
              label="Texte alternatif"
              name="alt"
              required
              maxLength={500}
              defaultValue={media.alt ?? ''}
              hint="Ce que l’image montre, pour qui ne la voit pas : proposé à chaque insertion."
            />
            <InputField
              label="Légende"
              name="caption"
              maxLength={500}
              defaultValue={media.caption ?? ''}
              hint="Proposée comme légende quand l’image est placée dans un texte."
            />
            <SubmitRow>Enregistrer les textes</SubmitRow>
          </form>
          {isImage ? (
            <fieldset className={styles.fieldset}>
              <legend>Point focal</legend>
              <FocalPointField media={media} value={focal} onChange={setFocal} />
              <div className={styles.actions}>
                <button type="button" className={styles.primaryButton} onClick={() => void saveFocal(focal)}>
                  Enregistrer le point focal
                </button>
                <button type="button" className={styles.secondaryButton} onClick={() => void saveFocal(null)}>
                  Revenir au centre
                </button>
              </div>
            </fieldset>
          ) : null}
          <UploadField
            label={isImage ? 'Remplacer l’image (nouvelle version)' : 'Remplacer le PDF (nouvelle version)'}
            accept={isImage ? IMAGE_CONTENT_TYPES : ['application/pdf']}
            hint="Le nouveau fichier a sa propre adresse : les articles publiés gardent l’ancien jusqu’à ce que vous y choisissiez le nouveau."
            showProgress
            send={(file) => replaceMedia(media.id, file)}
            onUploaded={(replacement) => onChanged(replacement.id)}
          />
          <div className={styles.actions}>
            <ConfirmButton
              question={`Supprimer définitivement « ${media.name} » ?`}
              onConfirm={() => void remove()}
            >
              Supprimer le média
            </ConfirmButton>
          </div>
        </>
      ) : null}
    </section>
  );
}
