'use client';

import { useEffect, useMemo, useState } from 'react';
import { detectReferences, errorMessage } from '@/client/admin';
import type { DetectReferencesAnswer } from '@/lib/contracts/legal-references';
import styles from '../newsroom/newsroom.module.css';

/** Milliseconds without typing before the text is sent: the panel follows the journalist without a call a key. */
const DETECT_DELAY_MS = 700;

/** The article's texts in reading order, as plain text (the body's HTML read by the browser). */
function plainText(parts: readonly string[]): string {
  const parser = new DOMParser();
  return parts
    .map((part) =>
      part.includes('<') ? (parser.parseFromString(part, 'text/html').body.textContent ?? '') : part,
    )
    .filter((part) => part.trim() !== '')
    .join('\n');
}

/**
 * The editor's side panel of legal references: what the server detects in the article as it is being written
 * (POST /api/admin/references/detect, a moment after the last keystroke), each with its canonical name and a
 * link to the official text, and what looks like a reference but could not be resolved.
 */
export function ReferencesPanel({ parts }: { parts: readonly string[] }) {
  const text = useMemo(() => plainText(parts), [parts]);
  const [answer, setAnswer] = useState<DetectReferencesAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      detectReferences(text, controller.signal).then(
        (detected) => {
          setAnswer(detected);
          setFailure(null);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setFailure(errorMessage(error));
        },
      );
    }, DETECT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const references = answer
    ? [...new Map(answer.references.map((reference) => [reference.key, reference])).values()]
    : [];
  return (
    <section className={styles.panel} aria-labelledby="references-juridiques">
      <h2 id="references-juridiques">Références juridiques</h2>
      <p className={styles.hint} role="status" aria-live="polite">
        {failure ??
          (answer === null
            ? 'Analyse du texte…'
            : references.length === 0
              ? 'Aucune référence détectée.'
              : `${references.length} référence${references.length > 1 ? 's' : ''} détectée${references.length > 1 ? 's' : ''}.`)}
      </p>
      {references.length > 0 ? (
        <ul aria-label="Références détectées">
          {references.map((reference) => (
            <li key={reference.key}>
              <a href={reference.url} rel="noopener external" target="_blank">
                {reference.label}
              </a>{' '}
              <span className={styles.hint}>({reference.display})</span>
            </li>
          ))}
        </ul>
      ) : null}
      {answer && answer.unresolved.length > 0 ? (
        <div className={styles.alert}>
          <p>
            À vérifier : ces mentions ressemblent à des références mais n’ont pas pu être rattachées à un
            texte.
          </p>
          <ul aria-label="Références non résolues">
            {answer.unresolved.map((entry) => (
              <li key={`${entry.start}-${entry.end}`}>« {entry.display} »</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
