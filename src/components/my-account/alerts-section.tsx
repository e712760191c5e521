import { AccountSection, type SectionNotice } from './account-section';
import styles from './my-account.module.css';

type Tag = { id: string; label: string };

type AlertsSectionProps = {
  choices: readonly { topic: Tag; thematics: readonly Tag[] }[];
  frequencies: readonly { value: string; label: string }[];
  current: { frequency: string; topicIds: readonly string[] } | null;
  action: (form: FormData) => Promise<void>;
  notice: SectionNotice;
};

/** Alerts by topic: topics and thematics to follow and a frequency; a digest of their new articles by e-mail. */
export function AlertsSection({ choices, frequencies, current, action, notice }: AlertsSectionProps) {
  const chosen = new Set(current?.topicIds ?? []);
  const frequency = current?.frequency ?? frequencies[0]?.value;
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
            <label key={option.value} className={styles.choice}>
              <input
                type="radio"
                name="frequency"
                value={option.value}
                defaultChecked={option.value === frequency}
              />
              {option.label}
            </label>
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
              <label className={styles.choice}>
                <input type="checkbox" name="topics" value={topic.id} defaultChecked={chosen.has(topic.id)} />
                Toute l’actualité {topic.label.toLowerCase()}
              </label>
              {thematics.map((thematic) => (
                <label key={thematic.id} className={styles.choice}>
                  <input
                    type="checkbox"
                    name="topics"
                    value={thematic.id}
                    defaultChecked={chosen.has(thematic.id)}
                  />
                  {thematic.label}
                </label>
              ))}
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
    </AccountSection>
  );
}
