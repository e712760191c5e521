import type { ReactNode } from 'react';
import { allNewsOf } from '@/lib/navigation';
import { AccountSection, type SectionNotice } from './account-section';
import styles from './my-account.module.css';

type Tag = { id: string; label: string };

type AlertsSectionProps = {
  choices: readonly { topic: Tag; thematics: readonly Tag[] }[];
  frequencies: readonly { value: string; label: string }[];
  current: { frequency: string; topicIds: readonly string[] } | null;
  action: (form: FormData) => Promise<void>;
  /** The e-mail about an update of a saved article ("Ce qui a changé"), on unless turned off here. */
  savedUpdates: { enabled: boolean; action: (form: FormData) => Promise<void> };
  notice: SectionNotice;
};

type ChoiceProps = {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  /** As the reader saved it. */
  checked: boolean;
  children: ReactNode;
};

/** A frequency, topic or thematic to tick, its text beside it. */
function Choice({ type, name, value, checked, children }: ChoiceProps) {
  return (
    <label className={styles.choice}>
      <input type={type} name={name} value={value} defaultChecked={checked} />
      {children}
    </label>
  );
}

/** Alerts by topic: topics and thematics to follow and a frequency; a digest of their new articles by e-mail. */
export function AlertsSection({
  choices,
  frequencies,
  current,
  action,
  savedUpdates,
  notice,
}: AlertsSectionProps) {
  const chosen = new Set(current?.topicIds ?? []);
  const frequency = current?.frequency ?? frequencies[0]?.value;
  // A whole topic and each of its thematics are ticked alike: their ids go to the server in one list.
  const topicChoice = (tag: Tag, text: ReactNode) => (
    <Choice key={tag.id} type="checkbox" name="topics" value={tag.id} checked={chosen.has(tag.id)}>
      {text}
    </Choice>
  );
  return (
    <AccountSection id="alertes" title="Alertes par thème" notice={notice}>
      <p className={styles.intro}>
        Recevez par e-mail les titres et résumés des nouveaux articles des thèmes que vous choisissez.
        {current ? ' Vos alertes sont actives.' : ' Vous n’avez pas d’alerte.'}
      </p>
      <form action={action} className={styles.form}>
        <fieldset className={styles.fieldset}>
          <legend>Fréquence</legend>
          {frequencies.map((option) => (
            <Choice
              key={option.value}
              type="radio"
              name="frequency"
              value={option.value}
              checked={option.value === frequency}
            >
              {option.label}
            </Choice>
          ))}
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>Thèmes suivis</legend>
          {choices.map(({ topic, thematics }) => (
            <details
              key={topic.id}
              className={styles.topic}
              open={thematics.some((t) => chosen.has(t.id)) || undefined}
            >
              <summary>{topic.label}</summary>
              {topicChoice(topic, allNewsOf(topic.label))}
              {thematics.map((thematic) => topicChoice(thematic, thematic.label))}
            </details>
          ))}
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" className={styles.button}>
            Enregistrer mes alertes
          </button>
          {current ? (
            <button type="submit" name="stop" value="1" className={styles.secondary}>
              Arrêter mes alertes
            </button>
          ) : null}
        </div>
      </form>
      <form action={savedUpdates.action} className={styles.form}>
        <label className={styles.choice}>
          <input type="checkbox" name="enabled" value="1" defaultChecked={savedUpdates.enabled} />
          Me prévenir par e-mail quand un article que j’ai enregistré est mis à jour
        </label>
        <div className={styles.actions}>
          <button type="submit" className={styles.secondary}>
            Enregistrer ce choix
          </button>
        </div>
      </form>
    </AccountSection>
  );
}
