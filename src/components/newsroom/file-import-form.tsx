import { SubmitRow } from './buttons';
import { InputField, PanelForm } from './fields';

/**
 * A form that imports a whole file (redirections, the shop's catalogue): its file field, required, and
 * "Importer". `onFile` receives the chosen file; nothing happens without one.
 */
export function FileImportForm({
  name,
  label,
  accept,
  hint,
  onFile,
  submitLabel = 'Importer',
}: {
  /** The form's name for screen readers ("Importer un fichier"). */
  name: string;
  label: string;
  accept: string;
  hint: string;
  onFile: (file: File) => void;
  /** The button's text, when the file is first checked rather than imported at once. */
  submitLabel?: string;
}) {
  return (
    <PanelForm
      label={name}
      onSubmit={(event) => {
        event.preventDefault();
        const file = new FormData(event.currentTarget).get('file');
        if (file instanceof File && file.size > 0) onFile(file);
      }}
    >
      <InputField label={label} type="file" name="file" accept={accept} required hint={hint} />
      <SubmitRow kind="secondary">{submitLabel}</SubmitRow>
    </PanelForm>
  );
}
