import { PATHS, QUERY_PARAM } from '@/lib/constants';
import styles from './search.module.css';

type Props = { term: string; urType: string; defaultUrType: string };

/** The search page's own form: a GET form (works without JavaScript) keeping the chosen collections. */
export function SearchForm({ term, urType, defaultUrType }: Props) {
  return (
    <form action={PATHS.search} method="get" className={styles.form}>
      <label htmlFor="search-page-term" className={styles.formLabel}>
        Votre recherche
      </label>
      <div className={styles.formRow}>
        <input
          id="search-page-term"
          name={QUERY_PARAM.term}
          type="search"
          defaultValue={term}
          required
          pattern=".*\S.*"
          className={styles.formInput}
        />
        {urType !== defaultUrType ? <input type="hidden" name={QUERY_PARAM.urType} value={urType} /> : null}
        <button type="submit" className={styles.primaryButton}>
          Rechercher
        </button>
      </div>
    </form>
  );
}
