import styles from './article.module.css';

type Props = { attachments: { item: string; name: string }[] };

/** The documents attached to the article, downloadable. */
export function ArticleAttachments({ attachments }: Props) {
  if (attachments.length === 0) return null;
  return (
    <section className={styles.attachments} aria-labelledby="pieces-jointes">
      <h2 id="pieces-jointes">Documents joints</h2>
      <ul>
        {attachments.map((attachment) => (
          <li key={attachment.item}>
            <a href={attachment.item} download>
              {attachment.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
