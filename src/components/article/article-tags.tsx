import Link from 'next/link';
import { topicPath } from '@/lib/urls';
import styles from './article.module.css';

type Tag = { label: string; slug: string; id: string };

type Props = {
  topics: Tag[];
  thematics: Tag[];
  /** In archive mode topic and thematics are plain text, not links (spec section 2). */
  archiveMode?: boolean;
};

/** The article's topic and thematics, linking to their listings. */
export function ArticleTags({ topics, thematics, archiveMode = false }: Props) {
  const topic = topics[0];
  if (!topic && thematics.length === 0) return null;
  const items = [
    ...(topic
      ? [{ key: topic.id, label: topic.label, href: topicPath('news', topic.slug), main: true }]
      : []),
    ...thematics.map((thematic) => ({
      key: thematic.id,
      label: thematic.label,
      href: topic ? topicPath('news', topic.slug, [thematic.slug]) : null,
      main: false,
    })),
  ];
  return (
    <ul className={styles.tags} aria-label="Thèmes de l’article">
      {items.map((item) => (
        <li key={item.key} className={item.main ? styles.mainTag : undefined}>
          {archiveMode || !item.href ? item.label : <Link href={item.href}>{item.label}</Link>}
        </li>
      ))}
    </ul>
  );
}
