'use client';

import { useEffect, useState } from 'react';
import { errorMessage } from '@/client/admin';
import { getCampaignResults } from '@/client/newsroom/newsletter';
import type { CampaignResultsAnswer } from '@/lib/contracts/newsletter-campaigns';
import { DataTable } from '../list-parts';
import { ErrorAlert } from '../messages';
import styles from '../newsroom.module.css';

/** A rate as French text: « 12,5 % ». */
export function frenchPercent(value: number): string {
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} %`;
}

/** How a link is shown in the results: its path and query on the site, the whole URL elsewhere. */
function linkLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search.replace(/[?&]utm_[a-z]+=[^&]*/g, '').replace(/^&/, '?')}`;
  } catch {
    return url;
  }
}

/**
 * A sent campaign's results, without tracking pixels: what the SMTP server accepted or refused, who left through
 * its link, and the clicks counted by the site's own redirect. `version` changes reload them (the progress).
 */
export function CampaignResults({ id, version }: { id: number; version: string }) {
  const [results, setResults] = useState<CampaignResultsAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` and `reload` are the reasons to read again.
  useEffect(() => {
    const controller = new AbortController();
    getCampaignResults(id, controller.signal)
      .then(setResults)
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(failure));
      });
    return () => controller.abort();
  }, [id, version, reload]);

  return (
    <section className={styles.panel} aria-labelledby="resultats">
      <h2 id="resultats">Résultats</h2>
      <p className={styles.hint}>
        Sans pixel espion ni service tiers : les envois acceptés ou refusés par le serveur d’e-mails, les
        désinscriptions faites par le lien de cette campagne, et les clics comptés par le lien de redirection
        du site. Les ouvertures ne sont pas mesurées.
      </p>
      <ErrorAlert message={error} />
      {results ? (
        <>
          <dl>
            <dt>Délivrés</dt>
            <dd>
              {results.delivered} sur {results.recipients}
            </dd>
            <dt>Refusés (adresses en erreur)</dt>
            <dd>
              {results.bounced} ({frenchPercent(results.rates.bounce)})
            </dd>
            <dt>Désinscriptions</dt>
            <dd>
              {results.unsubscribed} ({frenchPercent(results.rates.unsubscribe)})
            </dd>
            <dt>Clics</dt>
            <dd>
              {results.clicks} clic(s), {results.uniqueClickers} lecteur(s) (
              {frenchPercent(results.rates.click)} des délivrés)
            </dd>
          </dl>
          {results.links.length > 0 ? (
            <DataTable caption="Liens les plus cliqués" columns={['Lien', 'Clics', 'Lecteurs']}>
              {results.links.slice(0, 10).map((link) => (
                <tr key={link.url}>
                  <td>{linkLabel(link.url)}</td>
                  <td>{link.clicks}</td>
                  <td>{link.uniqueClickers}</td>
                </tr>
              ))}
            </DataTable>
          ) : null}
          <button type="button" className={styles.secondaryButton} onClick={() => setReload((n) => n + 1)}>
            Actualiser les résultats
          </button>
        </>
      ) : null}
    </section>
  );
}
