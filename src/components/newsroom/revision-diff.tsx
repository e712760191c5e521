import type { BlockDiff, DiffPart, RevisionDiffAnswer } from '@/lib/contracts/admin';
import { formatLongDateTime } from '@/lib/dates';
import styles from './newsroom.module.css';

/** Words added and removed, marked for sight (ins, del) and for screen readers (hidden words around them). */
function Differences({ parts }: { parts: readonly DiffPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'added' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed sequence.
          <ins key={index}>
            <span className="visually-hidden">[ajouté : </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </ins>
        ) : part.kind === 'removed' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed sequence.
          <del key={index}>
            <span className="visually-hidden">[supprimé : </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed sequence.
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

const ELEMENT_LABELS: Record<BlockDiff['element'], string> = {
  heading: 'Intertitre',
  paragraph: 'Paragraphe',
  item: 'Élément de liste',
  row: 'Ligne de tableau',
};
const KIND_LABELS: Record<BlockDiff['kind'], string> = {
  same: '',
  added: ' ajouté',
  removed: ' supprimé',
  changed: ' modifié',
};
/** « Ligne » is feminine: « ligne de tableau ajoutée ». */
const FEMININE_ELEMENTS = new Set<BlockDiff['element']>(['row']);
const KIND_CLASSES: Record<BlockDiff['kind'], string | undefined> = {
  same: undefined,
  added: styles.blockAdded,
  removed: styles.blockRemoved,
  changed: styles.blockChanged,
};

/** One block of a rich text: headings stand out, list items keep their bullet, table rows their cells. */
function Block({ block }: { block: BlockDiff }) {
  const agreement = block.kind !== 'same' && FEMININE_ELEMENTS.has(block.element) ? 'e' : '';
  const label = `${ELEMENT_LABELS[block.element]}${KIND_LABELS[block.kind]}${agreement}`;
  return (
    <div className={`${styles.block} ${KIND_CLASSES[block.kind] ?? ''}`} data-block={block.element}>
      <span className="visually-hidden">{label} : </span>
      {block.element === 'row' ? (
        <span className={styles.blockRow}>
          {block.cells.map((cell, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells keep their order.
            <span key={index} className={styles.blockCell}>
              <Differences parts={cell} />
            </span>
          ))}
        </span>
      ) : (
        <span className={block.element === 'heading' ? styles.blockHeading : undefined}>
          {block.element === 'item' ? <span aria-hidden="true">• </span> : null}
          <Differences parts={block.cells[0] ?? []} />
        </span>
      )}
    </div>
  );
}

/** The comparison of two revisions: each changed field, a rich text block by block, French dates. */
export function RevisionDiff({ diff }: { diff: RevisionDiffAnswer }) {
  return (
    <section className={styles.panel} aria-labelledby="comparaison-titre">
      <h2 id="comparaison-titre">
        De la version {diff.from.number} ({formatLongDateTime(diff.from.createdAt)}) à la version{' '}
        {diff.to.number} ({formatLongDateTime(diff.to.createdAt)})
      </h2>
      {diff.changes.length === 0 ? <p>Aucune différence.</p> : null}
      {diff.changes.map((change) => (
        <div key={change.field}>
          <h3>{change.label}</h3>
          {change.blocks ? (
            <div className={styles.diff}>
              {change.blocks.map((block, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are the text's order.
                <Block key={index} block={block} />
              ))}
            </div>
          ) : (
            <p className={styles.diff}>
              <Differences parts={change.parts} />
            </p>
          )}
        </div>
      ))}
    </section>
  );
}
