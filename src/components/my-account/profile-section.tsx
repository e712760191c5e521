import type { FunctionChoice } from '@/client/accounts';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { AccountForm } from './account-form';
import { AccountSection, type SectionNotice } from './account-section';
import styles from './my-account.module.css';

type ProfileSectionProps = {
  profile: { civility: number; firstname: string; lastname: string; function: string };
  civilities: readonly { value: number; label: string }[];
  functions: readonly FunctionChoice[];
  action: (form: FormData) => Promise<void>;
  notice: SectionNotice;
};

/** The two names: alike but for what the browser fills them with. */
const NAME_FIELDS = [
  { name: 'lastname', label: 'Nom', autoComplete: 'family-name' },
  { name: 'firstname', label: 'Prénom', autoComplete: 'given-name' },
] as const;

/** Civility, names and function, with the rules of registration. */
export function ProfileSection({ profile, civilities, functions, action, notice }: ProfileSectionProps) {
  return (
    <AccountSection id="profil" title="Mon profil" notice={notice}>
      <AccountForm action={action} className={styles.form} submitLabel="Enregistrer mon profil">
        <SelectField
          name="civility"
          label="Civilité"
          placeholder="Choisir"
          choices={civilities.map(({ value, label }) => ({ value: String(value), label }))}
          defaultValue={String(profile.civility)}
          required
          error={null}
        />
        {NAME_FIELDS.map((field) => (
          <TextField
            key={field.name}
            name={field.name}
            label={field.label}
            defaultValue={profile[field.name]}
            autoComplete={field.autoComplete}
            maxLength={100}
            required
            error={null}
          />
        ))}
        <SelectField
          name="function"
          label="Fonction"
          placeholder="Choisir"
          choices={functions}
          defaultValue={profile.function}
          required
          error={null}
        />
      </AccountForm>
    </AccountSection>
  );
}
