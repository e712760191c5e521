'use client';

import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { IssueNewsItem } from '@/lib/contracts/issues';
import styles from '../newsroom.module.css';

/** One news of the issue: draggable by its handle, and movable with buttons. */
export function SortableNews({
  item,
  index,
  count,
  onMove,
  onRemove,
}: {
  item: IssueNewsItem;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (id: string) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.7 : 1,
        display: 'flex',
        gap: '0.5rem',
        alignItems: 'center',
        padding: '0.4rem 0',
        borderBottom: '1px solid #d9dde5',
        background: '#fff',
      }}
    >
      <button
        type="button"
        className={styles.toolButton}
        {...attributes}
        {...listeners}
        aria-label={`Déplacer « ${item.title} » (position ${index + 1} sur ${count})`}
        aria-roledescription="élément déplaçable"
      >
        ⠿
      </button>
      <span style={{ flex: 1 }}>
        {index + 1}. {item.title}
      </span>
      <button
        type="button"
        className={styles.toolButton}
        onClick={() => onMove(index, index - 1)}
        disabled={index === 0}
        aria-label={`Monter « ${item.title} »`}
      >
        ↑
      </button>
      <button
        type="button"
        className={styles.toolButton}
        onClick={() => onMove(index, index + 1)}
        disabled={index === count - 1}
        aria-label={`Descendre « ${item.title} »`}
      >
        ↓
      </button>
      <button
        type="button"
        className={styles.toolButton}
        onClick={() => onRemove(item.id)}
        aria-label={`Retirer « ${item.title} »`}
      >
        Retirer
      </button>
    </li>
  );
}
