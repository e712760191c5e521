import { PATHS, QUERY_PARAM } from '@/lib/constants';
import styles from './header-search.module.css';

/** The header's search bar: a plain GET form to /search, so it works before (and without) JavaScript. */
export function HeaderSearch() {
  return (
    <search className={styles.search}>
      <form action={PATHS.search} method="get" className={styles.form}>
        <label htmlFor="header-search-term" className="visually-hidden">
          Rechercher
        </label>
        <input
          id="header-search-term"
          name={QUERY_PARAM.term}
          type="search"
          className={styles.input}
          placeholder="Rechercher une actualité, un document…"
          autoComplete="off"
          required
          pattern=".*\S.*"
        />
        <button type="submit" className={styles.button}>
          Rechercher
        </button>
      </form>
    </search>
  );
}
