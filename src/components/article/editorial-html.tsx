import { FALLBACK_ATTRIBUTE } from '@/client/image-fallback';
import styles from './article.module.css';
import embedStyles from './embeds.module.css';

/** Editorial HTML, sanitised on import and again by the server before it is sent (allowlisted tags and embeds). */
export function EditorialHtml({ html, className }: { html: string; className?: string | undefined }) {
  if (!html) return null;
  return (
    <div
      className={`${styles.body} ${embedStyles.embeds}${className ? ` ${className}` : ''}`}
      // Its images give way to the placeholder if they fail (ImageFallback in the layout).
      {...{ [FALLBACK_ATTRIBUTE]: '' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by getArticleForReader before it leaves the server (src/server/content/sanitize.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
