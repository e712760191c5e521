import type { FunctionChoice } from '@/client/accounts';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { AccountSection, type SectionNotice } from './account-section';
import styles from './my-account.module.css';

type ProfileSectionProps = {
  profile: { civility: number; firstname: string; lastname: string; function: string };
  civilities: readonly { value: number; label: string }[];
  functions: readonly FunctionChoice[];
  action: (form: FormData) => Promise<void>;
  notice: SectionNotice;
};

/** Civility, names and function, with the rules of registration. */
export function ProfileSection({ profile, civilities, functions, action, notice }: ProfileSectionProps) {
  return (
    <AccountSection id="profil" title="Mon profil" notice={notice}>
      <form action={action} className={styles.form}>
        <SelectField
          name="civility"
          label="Civilité"
          placeholder="Choisir"
          choices={civilities.map(({ value, label }) => ({ value: String(value), label }))}
          defaultValue={String(profile.civility)}
          required
          error={null}
        />
        <TextField
          name="lastname"
          label="Nom"
          defaultValue={profile.lastname}
          autoComplete="family-name"
          maxLength={100}
          required
          error={null}
        />
        <TextField
          name="firstname"
          label="Prénom"
          defaultValue={profile.firstname}
          autoComplete="given-name"
          maxLength={100}
          required
          error={null}
        />
        <SelectField
          name="function"
          label="Fonction"
          placeholder="Choisir"
          choices={functions}
          defaultValue={profile.function}
          required
          error={null}
        />
        <button type="submit" className={styles.button}>
          Enregistrer mon profil
        </button>
      </form>
    </AccountSection>
  );
}
