'use client';

import { type ChangeEvent, useId, useState } from 'react';
import { errorMessage, uploadMedia } from '@/client/admin';
import { IMAGE_CONTENT_TYPES, type MediaAnswer } from '@/lib/contracts/admin';
import { MEDIA_LIMITS } from '@/lib/media-limits';
import { MoveButtons } from '../buttons';
import { InputField, SelectField, withCurrentOption } from '../fields';
import { MediaPickerDialog } from '../media/media-picker-dialog';
import styles from '../newsroom.module.css';
import { type AttachmentValue, type ImageValue, move } from './draft';

const IMAGE_ROLES = [
  { value: 'cover', label: 'Couverture' },
  { value: 'illustration', label: 'Illustration' },
] as const;

const MAX_MEGABYTES = MEDIA_LIMITS.maxBytes / 1024 / 1024;
const PDF_CONTENT_TYPES = ['application/pdf'] as const;

/** A file chosen in a file input, checked for size before it is sent (the server checks everything again). */
function useUpload(accept: readonly string[], send: (file: File) => Promise<MediaAnswer>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return null;
    setError(null);
    if (file.size > MEDIA_LIMITS.maxBytes) {
      setError(`Le fichier dépasse ${MAX_MEGABYTES} Mo.`);
      return null;
    }
    if (file.type && !accept.includes(file.type)) {
      setError('Ce type de fichier n’est pas accepté.');
      return null;
    }
    setBusy(true);
    try {
      return await send(file);
    } catch (failure) {
      setError(errorMessage(failure));
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, upload };
}

/**
 * A file input that sends the chosen file to the media library (`useUpload`) and hands over what the server
 * answered. Its label says which files it takes; its error is tied to it. `showProgress` says "Envoi en cours..."
 * while the file travels.
 */
export function UploadField({
  label,
  accept,
  onUploaded,
  showProgress = false,
  hint,
  send = uploadMedia,
}: {
  label: string;
  accept: readonly string[];
  onUploaded: (media: MediaAnswer) => void;
  showProgress?: boolean;
  /** Said under the field (the size an image is shown at). */
  hint?: string | undefined;
  /** Where the file goes: a new medium by default, or a new version of one (the library's replace). */
  send?: (file: File) => Promise<MediaAnswer>;
}) {
  const inputId = useId();
  const { busy, error, upload } = useUpload(accept, send);
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        accept={accept.join(',')}
        disabled={busy}
        aria-describedby={
          [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') ||
          undefined
        }
        onChange={async (event) => {
          const media = await upload(event);
          if (media) onUploaded(media);
        }}
      />
      {hint ? (
        <p id={`${inputId}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {showProgress && busy ? (
        <p className={styles.hint} role="status">
          Envoi en cours...
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The images of an article or a section: upload, alt text (required to publish), legend, source, order. */
export function ImagesField({
  images,
  onChange,
  label = 'Images',
}: {
  images: ImageValue[];
  onChange: (images: ImageValue[]) => void;
  label?: string;
}) {
  const [picking, setPicking] = useState(false);
  const update = (index: number, changes: Partial<ImageValue>) =>
    onChange(images.map((image, at) => (at === index ? { ...image, ...changes } : image)));
  /** A medium of the library as the article's image: the cover if it has none yet, its alt and caption kept. */
  const imageOf = (media: MediaAnswer): ImageValue => ({
    content_type: images.some((image) => image.content_type === 'cover') ? 'illustration' : 'cover',
    href: media.url,
    image_name: media.name,
    alt: media.alt ?? '',
    legend: media.caption,
    source: null,
    width: media.width,
    height: media.height,
    ...(media.focalPoint ? { focal_point: media.focalPoint } : {}),
  });

  return (
    <fieldset className={styles.fieldset}>
      <legend>{label}</legend>
      {images.map((image, index) => (
        <div key={image.href} className={styles.imageRow}>
          {/* biome-ignore lint/performance/noImgElement: a thumbnail of an uploaded file in a work screen. */}
          <img src={image.href} alt="" className={styles.thumbnail} />
          <div>
            <InputField
              label={`Texte alternatif de l’image ${index + 1}`}
              hint="Obligatoire pour publier : ce que l’image montre, pour qui ne la voit pas."
              value={image.alt ?? ''}
              onChange={(event) => update(index, { alt: event.target.value })}
              error={image.alt?.trim() ? null : 'Texte alternatif manquant.'}
            />
            <div className={styles.grid2}>
              <InputField
                label="Légende"
                value={image.legend ?? ''}
                onChange={(event) => update(index, { legend: event.target.value || null })}
              />
              <InputField
                label="Source (crédit)"
                value={image.source ?? ''}
                onChange={(event) => update(index, { source: event.target.value || null })}
              />
            </div>
            <SelectField
              label="Rôle"
              value={image.content_type}
              onChange={(event) => update(index, { content_type: event.target.value })}
              options={withCurrentOption(IMAGE_ROLES, image.content_type)}
            />
            <div className={styles.actions}>
              <MoveButtons
                index={index}
                count={images.length}
                context={`l’image ${index + 1}`}
                onMove={(offset) => onChange(move(images, index, offset))}
              />
              <button
                type="button"
                className={styles.dangerButton}
                onClick={() => onChange(images.filter((_, at) => at !== index))}
              >
                Retirer<span className="visually-hidden"> l’image {index + 1}</span>
              </button>
            </div>
          </div>
        </div>
      ))}
      <UploadField
        label={`Ajouter une image (JPEG, PNG, WebP ou AVIF, ${MAX_MEGABYTES} Mo au plus)`}
        accept={IMAGE_CONTENT_TYPES}
        showProgress
        onUploaded={(media) => onChange([...images, imageOf(media)])}
      />
      <div className={styles.actions}>
        <button type="button" className={styles.secondaryButton} onClick={() => setPicking(true)}>
          Choisir dans la médiathèque
        </button>
      </div>
      {picking ? (
        <MediaPickerDialog
          title="Choisir une image de la médiathèque"
          onChoose={(media) => onChange([...images, imageOf(media)])}
          onClose={() => setPicking(false)}
        />
      ) : null}
    </fieldset>
  );
}

/** PDF attachments: upload, shown name, order, removal. */
export function AttachmentsField({
  attachments,
  onChange,
}: {
  attachments: AttachmentValue[];
  onChange: (attachments: AttachmentValue[]) => void;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend>Pièces jointes</legend>
      {attachments.map((attachment, index) => (
        <div key={attachment.item} className={styles.actions}>
          <InputField
            label={`Nom de la pièce jointe ${index + 1}`}
            value={attachment.name}
            onChange={(event) =>
              onChange(
                attachments.map((item, at) => (at === index ? { ...item, name: event.target.value } : item)),
              )
            }
          />
          <a href={attachment.item} target="_blank" rel="noreferrer">
            Ouvrir<span className="visually-hidden"> {attachment.name}</span>
          </a>
          <button
            type="button"
            className={styles.dangerButton}
            onClick={() => onChange(attachments.filter((_, at) => at !== index))}
          >
            Retirer<span className="visually-hidden"> {attachment.name}</span>
          </button>
        </div>
      ))}
      <UploadField
        label={`Ajouter un PDF (${MAX_MEGABYTES} Mo au plus)`}
        accept={PDF_CONTENT_TYPES}
        onUploaded={(media) => onChange([...attachments, { item: media.url, name: media.name }])}
      />
    </fieldset>
  );
}
