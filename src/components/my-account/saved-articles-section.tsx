import Link from 'next/link';
import { formatLongDate } from '@/lib/dates';
import { AccountSection, type SectionNotice } from './account-section';
import styles from './my-account.module.css';

type SavedArticlesSectionProps = {
  articles: readonly { id: string; title: string; path: string; savedAt: Date }[];
  action: (form: FormData) => Promise<void>;
  notice: SectionNotice;
};

/** The articles saved with "Enregistrer", the last first, each removable. */
export function SavedArticlesSection({ articles, action, notice }: SavedArticlesSectionProps) {
  return (
    <AccountSection id="articles" title="Articles enregistrés" notice={notice}>
      {articles.length === 0 ? (
        <p className={styles.intro}>
          Aucun article enregistré : le bouton « Enregistrer » d’un article le garde ici.
        </p>
      ) : (
        <ul className={styles.list}>
          {articles.map((article) => (
            <li key={article.id} className={styles.row}>
              <div>
                <Link href={article.path}>{article.title}</Link>
                <p className={styles.meta}>Enregistré le {formatLongDate(article.savedAt)}</p>
              </div>
              <form action={action}>
                <input type="hidden" name="articleId" value={article.id} />
                <button type="submit" className={styles.secondary}>
                  Retirer<span className="visually-hidden"> « {article.title} »</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
