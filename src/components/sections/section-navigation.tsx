import Link from 'next/link';
import { TOPIC_LABELS } from '@/lib/navigation';
import { type ListingSection, topicPath } from '@/lib/urls';
import styles from './section-navigation.module.css';
import { TopicTabs } from './topic-tabs';

type TagLink = { id: string; slug: string; label: string };

/** Where a section listing stands, as its page loaded it: the topic, its thematics and those selected. */
type Selection = {
  topic: { slug: string } | null;
  thematics: readonly TagLink[];
  selected: readonly TagLink[];
};

/** What a listing's title adds for the selected thematics: " – Label, Label", or nothing. */
export function selectedThematicsSuffix(selected: readonly TagLink[]): string {
  return selected.length > 0 ? ` – ${selected.map((thematic) => thematic.label).join(', ')}` : '';
}

/**
 * The thematic navigation of a section listing (figures and rates, simulators): its topics as tabs ("Tous"
 * first), then the thematics of the current topic as links, the selected ones marked.
 */
export function SectionNavigation({
  listing,
  topics,
  label,
  selection: { topic, thematics, selected },
  thematicsTitle,
  minimumThematics,
}: {
  listing: ListingSection;
  topics: readonly string[];
  /** The name of the topics' navigation for assistive technologies. */
  label: string;
  selection: Selection;
  /** A visible title above the thematics, when the section has one. */
  thematicsTitle?: string;
  /** Fewer thematics than this are not worth a navigation. */
  minimumThematics: number;
}) {
  return (
    <>
      <TopicTabs
        label={label}
        tabs={[undefined, ...topics].map((slug) => ({
          label: slug ? (TOPIC_LABELS[slug] ?? slug) : 'Tous',
          href: topicPath(listing, slug),
          current: slug === topic?.slug && selected.length === 0,
        }))}
      />
      {topic && thematics.length >= minimumThematics ? (
        <nav className={styles.thematics} aria-label="Thématiques">
          {thematicsTitle ? <p className={styles.thematicsTitle}>{thematicsTitle}</p> : null}
          <ul>
            {thematics.map((thematic) => (
              <li key={thematic.id}>
                <Link
                  href={topicPath(listing, topic.slug, [thematic.slug])}
                  aria-current={selected.some((entry) => entry.id === thematic.id) ? 'page' : undefined}
                >
                  {thematic.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
