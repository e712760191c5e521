'use client';

import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { AdminApiError, errorMessage } from '@/client/admin';
import { getMappings, importShopCatalogue, putMappings } from '@/client/site-newsroom';
import type { ProductMapping, ProductMappingsAnswer } from '@/lib/contracts/shop-catalogue';
import { InputField, SelectField } from '../fields';
import styles from '../newsroom.module.css';
import { useStaff } from '../staff-shell';
import { Messages } from './site-admin-pages';

/** /redaction/boutique: the shop's product feed imported, and the job x subject → product code mapping. */
export function ShopPage() {
  const { can } = useStaff();
  const canManage = can('shop.manage');
  const [answer, setAnswer] = useState<ProductMappingsAnswer | null>(null);
  const [items, setItems] = useState<ProductMapping[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [details, setDetails] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  const show = useCallback((loaded: ProductMappingsAnswer) => {
    setAnswer(loaded);
    setItems(loaded.items);
  }, []);
  useEffect(() => {
    getMappings()
      .then(show)
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, [show]);

  const run = async (action: () => Promise<string>) => {
    setError(null);
    setDetails([]);
    setNotice(null);
    try {
      setNotice(await action());
    } catch (failure) {
      setError(errorMessage(failure));
      setDetails(
        failure instanceof AdminApiError
          ? failure.details.map((detail) => `${detail.field} : ${detail.message}`)
          : [],
      );
    }
  };
  const upload = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) return;
    void run(async () => {
      const { imported } = await importShopCatalogue(file);
      show(await getMappings());
      return `${imported} produit(s) importé(s) : le catalogue est remplacé.`;
    });
  };
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
      <Messages error={error} notice={notice} details={details} />
      {answer ? <p>{answer.products} produit(s) au catalogue.</p> : null}
      {canManage ? (
        <form
          className={`${styles.panel} ${styles.filters}`}
          onSubmit={upload}
          aria-label="Importer le catalogue"
        >
          <InputField
            label="Flux de produits (CSV avec en-tête, ou NDJSON .ndjson)"
            type="file"
            name="file"
            accept=".csv,.ndjson,.jsonl,text/csv,application/x-ndjson"
            required
            hint="Remplace tout le catalogue. Toutes les lignes ou aucune : chaque ligne fautive est signalée."
          />
          <div className={styles.actions}>
            <button type="submit" className={styles.secondaryButton}>
              Importer
            </button>
          </div>
        </form>
      ) : null}
      <section className={styles.panel} aria-labelledby="correspondances">
        <h2 id="correspondances">Correspondances métier × matière → produit</h2>
        <p className={styles.hint}>
          Elles donnent les abonnements d’un métier (facette de la recherche) ; un métier vide vaut pour tous.
        </p>
        {answer ? (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">Correspondances, une par ligne</caption>
              <thead>
                <tr>
                  <th scope="col">Métier</th>
                  <th scope="col">Matière</th>
                  <th scope="col">Code produit</th>
                  <th scope="col">Libellé du produit</th>
                  {canManage ? <th scope="col">Action</th> : null}
                </tr>
              </thead>
              <tbody>
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
                    <td>
                      <InputField
                        label={`Matière, ligne ${index + 1}`}
                        value={item.subject}
                        readOnly={!canManage}
                        onChange={(event) => update(index, { subject: event.target.value })}
                      />
                    </td>
                    <td>
                      <InputField
                        label={`Code produit, ligne ${index + 1}`}
                        value={item.productCode}
                        readOnly={!canManage}
                        onChange={(event) => update(index, { productCode: event.target.value })}
                      />
                    </td>
                    <td>
                      <InputField
                        label={`Libellé, ligne ${index + 1}`}
                        value={item.productLabel}
                        readOnly={!canManage}
                        onChange={(event) => update(index, { productLabel: event.target.value })}
                      />
                    </td>
                    {canManage ? (
                      <td>
                        <button
                          type="button"
                          className={styles.linkButton}
                          onClick={() => setItems((current) => current.filter((_, at) => at !== index))}
                        >
                          Retirer<span className="visually-hidden"> la ligne {index + 1}</span>
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="loading" role="status">
            Chargement...
          </p>
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
