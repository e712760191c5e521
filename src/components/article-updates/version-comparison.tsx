import Link from 'next/link';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { comparisonPath } from '@/lib/article-updates';
import type { DiffPart } from '@/lib/contracts/admin';
import { formatLongDate } from '@/lib/dates';
import styles from './article-updates.module.css';

type Props = {
  comparison: {
    article: { id: string; title: string; path: string };
    update: { id: number; note: string; updatedAt: Date };
    updates: readonly { id: number; updatedAt: Date }[];
    title: readonly DiffPart[];
    text: readonly DiffPart[];
    whole: boolean;
  };
  siteUrl: string;
};

/** Words added (inserted) and removed (struck), as a screen reader announces them too. */
function Differences({ parts }: { parts: readonly DiffPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'added' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move; their order is the text.
          <ins key={index}>{part.text}</ins>
        ) : part.kind === 'removed' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move; their order is the text.
          <del key={index}>{part.text}</del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move; their order is the text.
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** The comparison of an update with the published version before it, in what the reader may read. */
export function VersionComparison({ comparison, siteUrl }: Props) {
  const { article, update, updates } = comparison;
  const titleChanged = comparison.title.some((part) => part.kind !== 'same');
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb
        siteUrl={siteUrl}
        crumbs={[{ name: article.title, path: article.path }, { name: 'Modifications' }]}
      />
      <h1 className={styles.title}>Ce qui a changé : {article.title}</h1>
      <p>
        Mise à jour du{' '}
        <time dateTime={update.updatedAt.toISOString()}>{formatLongDate(update.updatedAt)}</time>, comparée à
        la version publiée avant elle. <Link href={article.path}>Lire l’article</Link>
      </p>
      <p className={styles.note}>{update.note}</p>
      {comparison.whole ? null : (
        <p className={styles.legend}>
          La comparaison porte sur la partie de l’article accessible sans abonnement : connectez-vous pour
          comparer l’article entier.
        </p>
      )}
      <p className={styles.legend}>
        Les mots ajoutés sont soulignés sur fond vert, les mots retirés barrés sur fond rouge.
      </p>
      {titleChanged ? (
        <section aria-labelledby="titre-compare">
          <h2 id="titre-compare">Titre</h2>
          <p className={styles.diff}>
            <Differences parts={comparison.title} />
          </p>
        </section>
      ) : null}
      <section aria-labelledby="texte-compare">
        <h2 id="texte-compare">Texte</h2>
        <div className={styles.diff}>
          <Differences parts={comparison.text} />
        </div>
      </section>
      {updates.length > 1 ? (
        <nav aria-labelledby="autres-versions">
          <h2 id="autres-versions">Autres mises à jour</h2>
          <ul className={styles.versions}>
            {updates.map((entry) => (
              <li key={entry.id}>
                {entry.id === update.id ? (
                  <span aria-current="page">{formatLongDate(entry.updatedAt)}</span>
                ) : (
                  <Link href={comparisonPath(article.id, entry.id)} prefetch={false}>
                    {formatLongDate(entry.updatedAt)}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
