import Link from 'next/link';
import { PATHS } from '@/lib/constants';
import { SIMULATOR_TOPIC_TITLES } from '@/lib/navigation';
import { topicPath } from '@/lib/urls';
import styles from './side-blocks.module.css';

/** The SIMULATEURS side block: the simulators, by topic (those holding simulators: `topics`). */
export function SimulatorsBlock({ topics }: { topics: readonly string[] }) {
  return (
    <section className={styles.block} aria-labelledby="bloc-simulateurs">
      <h2 id="bloc-simulateurs">SIMULATEURS</h2>
      <p>Calculez en quelques clics vos indemnités, cotisations et impôts avec nos simulateurs gratuits.</p>
      <ul>
        {topics.map((topic) => (
          <li key={topic}>
            <Link href={topicPath('simulators', topic)}>{SIMULATOR_TOPIC_TITLES[topic]}</Link>
          </li>
        ))}
      </ul>
      <p>
        <Link className={styles.cta} href={PATHS.simulators}>
          Tous les simulateurs
        </Link>
      </p>
    </section>
  );
}
