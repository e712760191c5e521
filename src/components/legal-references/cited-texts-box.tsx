import Link from 'next/link';
import { REFERENCE_KIND_CODES, REFERENCE_KIND_LABELS } from '@/lib/legal-reference-kinds';
import styles from './legal-references.module.css';

type CitedText = { kind: string; key: string; label: string; url: string; path: string };

/** "Textes cités": the texts the article cites (what the reader may read of it), by kind, each to its page. */
export function CitedTextsBox({ texts }: { texts: readonly CitedText[] | undefined }) {
  if (!texts || texts.length === 0) return null;
  const groups = REFERENCE_KIND_CODES.flatMap((kind) => {
    const references = texts.filter((text) => text.kind === kind);
    return references.length > 0 ? [{ kind, label: REFERENCE_KIND_LABELS[kind], references }] : [];
  });
  return (
    <section className={styles.box} aria-labelledby="cited-texts-title">
      <h2 id="cited-texts-title">Textes cités</h2>
      {groups.map((group) => (
        <div key={group.kind}>
          <h3>{group.label}</h3>
          <ul>
            {group.references.map((reference) => (
              <li key={reference.key}>
                <Link href={reference.path}>{reference.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
