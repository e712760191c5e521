import { SUPPORT_HOURS, SUPPORT_PHONE } from '@/lib/navigation';
import styles from './side-blocks.module.css';

/** The UNE QUESTION ? side block: the customer service's phone, hours and contact form. */
export function QuestionBlock({ contactUrl }: { contactUrl: string }) {
  return (
    <section className={styles.block} aria-labelledby="bloc-question">
      <h2 id="bloc-question">UNE QUESTION ?</h2>
      <p>Notre service client vous répond.</p>
      <p className={styles.phone}>
        <a href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`}>{SUPPORT_PHONE}</a>
      </p>
      <p>{SUPPORT_HOURS}</p>
      <p>
        <a className={styles.cta} href={contactUrl} target="_blank" rel="noopener noreferrer">
          Nous contacter
          <span className="visually-hidden"> (nouvelle fenêtre)</span>
        </a>
      </p>
    </section>
  );
}
