'use client';

import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@/client/admin';
import { getMappings, importShopCatalogue, putMappings } from '@/client/newsroom/shop';
import type { ProductMapping, ProductMappingsAnswer } from '@/lib/contracts/shop-catalogue';
import { RowButton } from '../buttons';
import { InputField, SelectField } from '../fields';
import { FileImportForm } from '../file-import-form';
import { usePageMessages } from '../form-errors';
import { DataTable } from '../list-parts';
import { Loading, PageMessages } from '../messages';
import styles from '../newsroom.module.css';
import { useStaff } from '../staff-shell';

/** The mapping's text columns: the field and the label of its cells. */
const TEXT_COLUMNS = [
  ['subject', 'Matière'],
  ['productCode', 'Code produit'],
  ['productLabel', 'Libellé'],
] as const;

/** /redaction/boutique: the shop's product feed imported, and the job x subject → product code mapping. */
export function ShopPage() {
  const { can } = useStaff();
  const canManage = can('shop.manage');
  const [answer, setAnswer] = useState<ProductMappingsAnswer | null>(null);
  const [items, setItems] = useState<ProductMapping[]>([]);
  const { error, details, notice, setError, run } = usePageMessages();

  const show = useCallback((loaded: ProductMappingsAnswer) => {
    setAnswer(loaded);
    setItems(loaded.items);
  }, []);
  useEffect(() => {
    getMappings()
      .then(show)
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, [show, setError]);

  const upload = (file: File) =>
    run(async () => {
      const { imported } = await importShopCatalogue(file);
      show(await getMappings());
      return `${imported} produit(s) importé(s) : le catalogue est remplacé.`;
    });
  const save = () =>
    run(async () => {
      show(await putMappings(items));
      return 'Correspondances enregistrées.';
    });
  const update = (index: number, changes: Partial<ProductMapping>) =>
    setItems((current) => current.map((item, at) => (at === index ? { ...item, ...changes } : item)));

  const jobOptions = [
    { value: '', label: 'Tous les métiers' },
    ...(answer?.jobs ?? []).map((job) => ({ value: job.id, label: job.label })),
  ];

  return (
    <>
      <h1 className={styles.pageTitle}>Boutique</h1>
      <PageMessages error={error} notice={notice} details={details} />
      {answer ? <p>{answer.products} produit(s) au catalogue.</p> : null}
      {canManage ? (
        <FileImportForm
          name="Importer le catalogue"
          label="Flux de produits (CSV avec en-tête, ou NDJSON .ndjson)"
          accept=".csv,.ndjson,.jsonl,text/csv,application/x-ndjson"
          hint="Remplace tout le catalogue. Toutes les lignes ou aucune : chaque ligne fautive est signalée."
          onFile={upload}
        />
      ) : null}
      <section className={styles.panel} aria-labelledby="correspondances">
        <h2 id="correspondances">Correspondances métier × matière → produit</h2>
        <p className={styles.hint}>
          Elles donnent les abonnements d’un métier (facette de la recherche) ; un métier vide vaut pour tous.
        </p>
        {answer ? (
          <DataTable
            caption="Correspondances, une par ligne"
            columns={['Métier', 'Matière', 'Code produit', 'Libellé du produit']}
            actions={canManage}
            actionsHeading="Action"
          >
            {items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and may repeat while typed.
              <tr key={index}>
                <td>
                  <SelectField
                    label={`Métier, ligne ${index + 1}`}
                    value={item.job}
                    disabled={!canManage}
                    onChange={(event) => update(index, { job: event.target.value })}
                    options={jobOptions}
                  />
                </td>
                {TEXT_COLUMNS.map(([field, label]) => (
                  <td key={field}>
                    <InputField
                      label={`${label}, ligne ${index + 1}`}
                      value={item[field]}
                      readOnly={!canManage}
                      onChange={(event) => update(index, { [field]: event.target.value })}
                    />
                  </td>
                ))}
                {canManage ? (
                  <td>
                    <RowButton
                      onClick={() => setItems((current) => current.filter((_, at) => at !== index))}
                      context={`la ligne ${index + 1}`}
                    >
                      Retirer
                    </RowButton>
                  </td>
                ) : null}
              </tr>
            ))}
          </DataTable>
        ) : (
          <Loading />
        )}
        {canManage && answer ? (
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() =>
                setItems((current) => [
                  ...current,
                  { job: '', subject: '', productCode: '', productLabel: '' },
                ])
              }
            >
              Ajouter une ligne
            </button>
            <button type="button" className={styles.primaryButton} onClick={() => void save()}>
              Enregistrer les correspondances
            </button>
          </div>
        ) : null}
      </section>
    </>
  );
}
