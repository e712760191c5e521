import { AccountSection, type SectionNotice } from '@/components/my-account/account-section';
import styles from '@/components/my-account/my-account.module.css';
import { SelectField } from '@/components/ui/select-field';
import { SIZE_BANDS, TAX_REGIMES, VAT_REGIMES } from '@/lib/contracts/personal-agenda';
import { AgendaFeedButton } from './agenda-feed-button';

type AgendaSectionProps = {
  trades: readonly { value: string; label: string }[];
  current: {
    trades: readonly string[];
    sizeBand: string | null;
    vatRegime: string | null;
    taxRegime: string | null;
    emailReminders: boolean;
    hasFeed: boolean;
  } | null;
  action: (form: FormData) => Promise<void>;
  notice: SectionNotice;
};

const choicesOf = (record: Record<string, string>) =>
  Object.entries(record).map(([value, label]) => ({ value, label }));

/**
 * "Mon agenda": the profile that chooses the deadlines (trades, size, VAT regime, corporate or income tax), the
 * reminder e-mails, and the private calendar feed.
 */
export function AgendaSection({ trades, current, action, notice }: AgendaSectionProps) {
  const chosen = new Set(current?.trades ?? []);
  return (
    <AccountSection id="agenda" title="Mon agenda" notice={notice}>
      <p className={styles.intro}>
        Choisissez les échéances fiscales et sociales qui vous concernent. Un critère laissé vide les garde
        toutes.
      </p>
      <form action={action} className={styles.form}>
        <fieldset className={styles.fieldset}>
          <legend>Métiers</legend>
          {trades.map((trade) => (
            <label key={trade.value} className={styles.choice}>
              <input
                type="checkbox"
                name="trades"
                value={trade.value}
                defaultChecked={chosen.has(trade.value)}
              />
              {trade.label}
            </label>
          ))}
        </fieldset>
        <SelectField
          name="sizeBand"
          label="Taille de l’entreprise"
          placeholder="Toutes les tailles"
          choices={choicesOf(SIZE_BANDS)}
          defaultValue={current?.sizeBand ?? ''}
          error={null}
        />
        <SelectField
          name="vatRegime"
          label="Régime de TVA"
          placeholder="Tous les régimes"
          choices={choicesOf(VAT_REGIMES)}
          defaultValue={current?.vatRegime ?? ''}
          error={null}
        />
        <SelectField
          name="taxRegime"
          label="Imposition des bénéfices"
          placeholder="IS ou IR"
          choices={choicesOf(TAX_REGIMES)}
          defaultValue={current?.taxRegime ?? ''}
          error={null}
        />
        <label className={styles.choice}>
          <input
            type="checkbox"
            name="emailReminders"
            value="1"
            defaultChecked={current?.emailReminders ?? false}
          />
          Recevoir un e-mail 7 jours et 1 jour avant chaque échéance
        </label>
        <div className={styles.actions}>
          <button type="submit" className={styles.button}>
            Enregistrer mon agenda
          </button>
        </div>
      </form>
      <h3 className={styles.subheading}>Abonnement à mon agenda</h3>
      <AgendaFeedButton hasFeed={current?.hasFeed ?? false} />
    </AccountSection>
  );
}
