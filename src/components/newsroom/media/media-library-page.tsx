'use client';

import { useState } from 'react';
import { MEDIA_CONTENT_TYPES } from '@/lib/contracts/admin';
import { MEDIA_LIMITS } from '@/lib/media-limits';
import { UploadField } from '../editor/media-fields';
import { LiveNotice } from '../messages';
import styles from '../newsroom.module.css';
import { useStaff } from '../staff-shell';
import { MediaBrowser } from './media-browser';
import { MediaDetails } from './media-details';

/** /redaction/medias: the uploads of the newsroom, searched, described, replaced and deleted. */
export function MediaLibraryPage() {
  const { can } = useStaff();
  const canEdit = can('media.upload');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const changed = (shownId: number | null) => {
    setSelectedId(shownId);
    setReloadKey((key) => key + 1);
  };

  return (
    <>
      <h1 className={styles.pageTitle}>Médiathèque</h1>
      <LiveNotice message={notice} />
      {canEdit ? (
        <UploadField
          label={`Envoyer un fichier (image JPEG, PNG, WebP, AVIF ou PDF, ${MEDIA_LIMITS.maxBytes / 1024 / 1024} Mo au plus)`}
          accept={MEDIA_CONTENT_TYPES}
          showProgress
          onUploaded={(media) => {
            setNotice(`« ${media.name} » ajouté à la médiathèque.`);
            changed(media.id);
          }}
        />
      ) : null}
      <div className={styles.mediaLayout}>
        <MediaBrowser
          chooseLabel="Voir"
          selectedId={selectedId}
          reloadKey={reloadKey}
          onChoose={(media) => setSelectedId(media.id)}
        />
        {selectedId === null ? (
          <p className={styles.hint}>Choisissez un média pour voir où il est utilisé et le modifier.</p>
        ) : (
          <MediaDetails key={selectedId} id={selectedId} canEdit={canEdit} onChanged={changed} />
        )}
      </div>
    </>
  );
}
