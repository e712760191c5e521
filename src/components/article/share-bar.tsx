import styles from './article.module.css';

type Props = { url: string; title: string };

/** Share links: plain links to each network's share page, so no third-party script loads with the article. */
export function ShareBar({ url, title }: Props) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const targets = [
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: 'X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'e-mail', href: `mailto:?subject=${t}&body=${u}` },
  ];
  return (
    <nav className={styles.share} aria-label="Partager l’article">
      <span className={styles.shareLabel}>Partager</span>
      <ul>
        {targets.map((target) => (
          <li key={target.name}>
            <a
              href={target.href}
              {...(target.href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {target.name === 'e-mail' ? 'Par e-mail' : target.name}
              {target.href.startsWith('http') ? (
                <span className="visually-hidden"> (nouvelle fenêtre)</span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
