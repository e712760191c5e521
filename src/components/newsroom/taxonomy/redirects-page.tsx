'use client';

import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@/client/admin';
import {
  createRedirect,
  deleteRedirect,
  importRedirectsCsv,
  listRedirects,
} from '@/client/newsroom/taxonomy';
import type { RedirectListAnswer } from '@/lib/contracts/redirects';
import { RowButton, SubmitRow } from '../buttons';
import { InputField, PanelForm, SelectField } from '../fields';
import { FileImportForm } from '../file-import-form';
import { usePageMessages } from '../form-errors';
import { formatDateTime } from '../format';
import { DataTable, Pager } from '../list-parts';
import { Loading, PageMessages } from '../messages';
import styles from '../newsroom.module.css';
import { useStaff } from '../staff-shell';

/** /redaction/redirections: old addresses moved (301) or removed (410), one at a time or from a CSV file. */
export function RedirectsPage() {
  const { can } = useStaff();
  const canManage = can('redirect.manage');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<RedirectListAnswer | null>(null);
  const { error, details, notice, setError, run } = usePageMessages();
  const [status, setStatus] = useState<'301' | '410'>('301');

  const load = useCallback(() => {
    listRedirects({ q: query || undefined, page })
      .then(setAnswer)
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, [query, page, setError]);
  useEffect(load, [load]);

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    void run(async () => {
      const created = await createRedirect({
        fromPath: String(form.get('fromPath') ?? ''),
        status: status === '410' ? 410 : 301,
        ...(status === '301' ? { toPath: String(form.get('toPath') ?? '') } : {}),
      });
      formElement.reset();
      load();
      return `Redirection de ${created.fromPath} enregistrée.`;
    });
  };
  const upload = (file: File) =>
    run(async () => {
      const { imported } = await importRedirectsCsv(file);
      load();
      return `${imported} redirection(s) importée(s).`;
    });
  const remove = (fromPath: string) =>
    run(async () => {
      await deleteRedirect(fromPath);
      load();
      return `Redirection de ${fromPath} supprimée.`;
    });

  return (
    <>
      <h1 className={styles.pageTitle}>Redirections</h1>
      <PageMessages error={error} notice={notice} details={details} />
      {canManage ? (
        <>
          <PanelForm label="Nouvelle redirection" onSubmit={add}>
            <InputField label="Ancienne adresse" name="fromPath" required placeholder="/ancien/chemin" />
            <SelectField
              label="Type"
              name="status"
              value={status}
              onChange={(event) => setStatus(event.target.value === '410' ? '410' : '301')}
              options={[
                { value: '301', label: 'Déplacée (301)' },
                { value: '410', label: 'Supprimée (410)' },
              ]}
            />
            {status === '301' ? (
              <InputField label="Nouvelle adresse" name="toPath" required placeholder="/actualite/…" />
            ) : null}
            <SubmitRow>Ajouter</SubmitRow>
          </PanelForm>
          <FileImportForm
            name="Importer un fichier"
            label="Fichier CSV (ancien,nouveau,statut)"
            accept=".csv,text/csv"
            hint="Toutes les lignes ou aucune : une ligne fautive est signalée et rien n’est importé."
            onFile={upload}
          />
        </>
      ) : null}
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setQuery(String(new FormData(event.currentTarget).get('q') ?? '').trim());
        }}
        aria-label="Chercher une redirection"
      >
        <InputField label="Adresse contenant" name="q" defaultValue={query} />
        <SubmitRow kind="secondary">Chercher</SubmitRow>
      </form>
      {answer ? (
        <>
          <p>{answer.total} redirection(s)</p>
          <DataTable
            caption="Redirections, par ancienne adresse"
            columns={['Ancienne adresse', 'Nouvelle adresse', 'Type', 'Créée le']}
            actions={canManage}
            actionsHeading="Action"
          >
            {answer.items.map((item) => (
              <tr key={item.fromPath}>
                <td>{item.fromPath}</td>
                <td>{item.toPath ?? '—'}</td>
                <td>{item.status === 301 ? 'Déplacée (301)' : 'Supprimée (410)'}</td>
                <td>{formatDateTime(item.createdAt)}</td>
                {canManage ? (
                  <td>
                    <RowButton
                      onClick={() => remove(item.fromPath)}
                      context={`la redirection de ${item.fromPath}`}
                    >
                      Supprimer
                    </RowButton>
                  </td>
                ) : null}
              </tr>
            ))}
          </DataTable>
          <Pager label="Pages" list={answer} onPage={setPage} showPosition />
        </>
      ) : (
        <Loading />
      )}
    </>
  );
}
