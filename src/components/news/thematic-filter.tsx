import Link from 'next/link';
import { THEMATICS_PICKER_THRESHOLD } from '@/lib/constants';
import type { TagRef } from '@/lib/contracts/content';
import { type NewsFilters, newsFiltersQuery, withNewsFilters } from '@/lib/news-filters';
import { topicPath } from '@/lib/urls';
import styles from './listing.module.css';
import { ThematicPicker } from './thematic-picker';

type Props = { topic: TagRef; thematics: TagRef[]; selected: TagRef[]; filters?: NewsFilters };

/** The thematics chosen after toggling one: added when absent, removed when present, in taxonomy order. */
function toggled(thematics: TagRef[], selected: TagRef[], thematic: TagRef): string[] {
  const chosen = new Set(selected.map((item) => item.slug));
  if (chosen.has(thematic.slug)) chosen.delete(thematic.slug);
  else chosen.add(thematic.slug);
  return thematics.filter((item) => chosen.has(item.slug)).map((item) => item.slug);
}

/**
 * The thematic filter of a topic page: more than THEMATICS_PICKER_THRESHOLD thematics give the 'ALLER À' picker,
 * fewer give links under 'FILTRER PAR' (several may be selected) and a 'Réinitialiser' button.
 */
export function ThematicFilter({ topic, thematics, selected, filters = {} }: Props) {
  // The trade and format filters stay when the thematics change.
  const path = (slugs: string[]) => withNewsFilters(topicPath('news', topic.slug, slugs), filters);
  if (thematics.length === 0) return null;
  if (thematics.length > THEMATICS_PICKER_THRESHOLD) {
    return (
      <ThematicPicker
        options={thematics.map((thematic) => ({
          label: thematic.label,
          href: path([thematic.slug]),
        }))}
        current={selected.length === 1 ? path([selected[0]?.slug ?? '']) : ''}
      />
    );
  }
  const chosen = new Set(selected.map((item) => item.slug));
  return (
    <nav className={styles.thematics} aria-labelledby="filtrer-par">
      <p id="filtrer-par" className={styles.filterLabel}>
        FILTRER PAR
      </p>
      <ul>
        {thematics.map((thematic) => (
          <li key={thematic.id}>
            <Link
              href={path(toggled(thematics, selected, thematic))}
              className={chosen.has(thematic.slug) ? styles.chipActive : styles.chip}
              aria-current={chosen.has(thematic.slug) ? 'true' : undefined}
            >
              {thematic.label}
            </Link>
          </li>
        ))}
      </ul>
      {/* A GET form: a real button that resets the filter, with or without JavaScript. */}
      <form action={topicPath('news', topic.slug)} method="get">
        {Object.entries(newsFiltersQuery(filters)).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={styles.reset} disabled={selected.length === 0}>
          Réinitialiser
        </button>
      </form>
    </nav>
  );
}
