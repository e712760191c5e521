'use client';

import { type KeyboardEvent, type MouseEvent, useId } from 'react';
import type { MediaAnswer } from '@/lib/contracts/admin';
import { focalPosition } from '@/lib/focal-point';
import { imageSources } from '@/lib/image-sources';
import styles from '../newsroom.module.css';

type FocalPoint = { x: number; y: number };

/** Percent an arrow key moves the point (Shift: a finer step). */
const STEP = 5;
const FINE_STEP = 1;
const PREVIEW_WIDTH = 480;

const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

const MOVES: Record<string, FocalPoint> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * Where crops of the image keep its subject: a click on the image, or the arrow keys on it (Shift for 1 %), sets
 * the point; the crops beside show a card's 16:9 and a square as readers will see them.
 */
export function FocalPointField({
  media,
  value,
  onChange,
}: {
  media: MediaAnswer;
  value: FocalPoint | null;
  onChange: (point: FocalPoint) => void;
}) {
  const hintId = useId();
  const point = value ?? { x: 50, y: 50 };
  const sources = imageSources(media.url, PREVIEW_WIDTH, undefined);

  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // A click from the keyboard (Enter, Space) has no position: it keeps the point.
    if (event.detail === 0 || box.width === 0 || box.height === 0) return;
    onChange({
      x: clamp(((event.clientX - box.left) / box.width) * 100),
      y: clamp(((event.clientY - box.top) / box.height) * 100),
    });
  };
  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const direction = MOVES[event.key];
    if (!direction) return;
    event.preventDefault();
    const step = event.shiftKey ? FINE_STEP : STEP;
    onChange({ x: clamp(point.x + direction.x * step), y: clamp(point.y + direction.y * step) });
  };

  return (
    <div className={styles.focalField}>
      <button
        type="button"
        className={styles.focalPicker}
        onClick={pick}
        onKeyDown={move}
        aria-describedby={hintId}
      >
        {/* biome-ignore lint/performance/noImgElement: the optimiser's srcset without next/image's script. */}
        <img src={sources.src} srcSet={sources.srcSet} alt="" width={PREVIEW_WIDTH} />
        <span
          className={styles.focalMarker}
          style={{ left: `${point.x}%`, top: `${point.y}%` }}
          aria-hidden="true"
        />
        <span className="visually-hidden">
          Point focal : {point.x} % depuis la gauche, {point.y} % depuis le haut
        </span>
      </button>
      <p id={hintId} className={styles.hint}>
        Cliquez sur le sujet de l’image, ou utilisez les flèches du clavier (Maj : pas de 1 %). Les recadrages
        des cartes et listes le gardent visible.
      </p>
      <div className={styles.actions} aria-hidden="true">
        {(['16 / 9', '1 / 1'] as const).map((ratio) => (
          // biome-ignore lint/performance/noImgElement: a preview of the crop readers see.
          <img
            key={ratio}
            src={sources.src}
            alt=""
            className={styles.focalPreview}
            style={{ aspectRatio: ratio, objectPosition: focalPosition(point) ?? '50% 50%' }}
          />
        ))}
      </div>
    </div>
  );
}
