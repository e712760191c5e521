'use client';

import Link from 'next/link';
import { useCallback, useState } from 'react';
import { listIssues } from '@/client/newsroom/daily-issue';
import { ISSUE_STATUS_LABELS, type IssueListAnswer } from '@/lib/contracts/issues';
import { formatDateTime } from '../format';
import { DataTable } from '../list-parts';
import { ErrorAlert, Loading } from '../messages';
import styles from '../newsroom.module.css';
import { issuePath } from '../site-paths';
import { useLoad } from '../use-load';

export const frenchDay = (date: string) => date.split('-').reverse().join('/');

/** /redaction/numeros: the latest issues and the next one to compose. */
export function IssuesPage() {
  const [answer, setAnswer] = useState<IssueListAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  useLoad(
    useCallback((signal) => listIssues(signal).then(setAnswer), []),
    setError,
  );

  return (
    <>
      <h1 className={styles.pageTitle}>La Quotidienne</h1>
      <ErrorAlert message={error} />
      {answer ? (
        <>
          <p>
            <Link className={styles.primaryButton} href={issuePath(answer.nextDate)}>
              Composer le numéro du {frenchDay(answer.nextDate)}
            </Link>
          </p>
          <DataTable
            caption="Numéros, du plus récent au plus ancien"
            columns={['Date', 'Nom', 'Statut', 'Actualités']}
          >
            {answer.items.map((item) => (
              <tr key={item.date}>
                <td>
                  <Link href={issuePath(item.date)}>{frenchDay(item.date)}</Link>
                </td>
                <td>{item.issueName}</td>
                <td>
                  {ISSUE_STATUS_LABELS[item.status]}
                  {item.status === 'scheduled' && item.publishAt
                    ? ` (${formatDateTime(item.publishAt)})`
                    : ''}
                </td>
                <td>{item.newsCount}</td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : error ? null : (
        <Loading />
      )}
    </>
  );
}
