import Link from 'next/link';
import { PageAnalytics } from '@/components/layout/page-analytics';
import { SectionNavigation, selectedThematicsSuffix } from '@/components/sections/section-navigation';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PATHS, SIMULATOR_TOPICS } from '@/lib/constants';
import { SIMULATOR_TOPIC_TITLES } from '@/lib/navigation';
import { latestPerTool } from '@/lib/simulator-tools';
import { articlePath } from '@/lib/urls';
import type { EmbedSource } from '@/server/simulators/embed-page';
import type { SectionListing } from '@/server/simulators/section-listing';
import styles from './simulators.module.css';

export const SIMULATORS_TITLE = 'Simulateurs';

/** The official source of a simulator's page (the server's catalog, handed down by the page). */
export type SimulatorSourceOf = (simulatorUrl: string | null | undefined) => EmbedSource | null;

/** The simulators of a topic (or all): a card per simulator with its summary and official source. */
export function SimulatorsView({
  data,
  sourceOf,
  siteUrl,
}: {
  data: SectionListing;
  sourceOf: SimulatorSourceOf;
  siteUrl: string;
}) {
  const { topic, selected } = data;
  const news = latestPerTool(data.news);
  return (
    <div className={`container ${styles.page}`}>
      <PageAnalytics pageName="simulateurs" contentKind="simulateur" />
      <Breadcrumb
        siteUrl={siteUrl}
        crumbs={[
          { name: SIMULATORS_TITLE, path: PATHS.simulators },
          ...(topic ? [{ name: topic.label }] : []),
        ]}
      />
      <h1 className={styles.title}>
        {topic
          ? (SIMULATOR_TOPIC_TITLES[topic.slug] ?? `${SIMULATORS_TITLE} : ${topic.label}`)
          : 'Simulateurs en ligne'}
        {selectedThematicsSuffix(selected)}
      </h1>
      <p className={styles.intro}>
        Des outils de calcul gratuits, tenus à jour des barèmes officiels : impôt sur le revenu, indemnité de
        licenciement, frais kilométriques…
      </p>
      <SectionNavigation
        listing="simulators"
        topics={data.topicsInUse ?? SIMULATOR_TOPICS}
        label="Thèmes des simulateurs"
        selection={data}
        minimumThematics={2}
      />
      {news.length > 0 ? (
        <ul className={styles.cards}>
          {news.map((simulator) => {
            const source = sourceOf(simulator.simulator_url);
            return (
              <li key={simulator.id} className={styles.card}>
                {simulator.topics[0] ? <p className={styles.topic}>{simulator.topics[0].label}</p> : null}
                <h2 className={styles.cardTitle}>
                  <Link href={articlePath(simulator)}>{simulator.title}</Link>
                </h2>
                {simulator.summary ? <p>{simulator.summary}</p> : null}
                {source ? (
                  <p className={styles.source}>
                    Source officielle ({source.year}) : {source.title}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p role="status" className={styles.empty}>
          Aucun simulateur n’est disponible pour cette sélection.
        </p>
      )}
    </div>
  );
}
