import styles from './article.module.css';

/** Editorial HTML, sanitised when imported (allowlisted tags and embed providers only). */
export function EditorialHtml({ html, className }: { html: string; className?: string | undefined }) {
  if (!html) return null;
  return (
    <div
      className={className ? `${styles.body} ${className}` : styles.body}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML was sanitised on import (src/server/content/sanitize.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
