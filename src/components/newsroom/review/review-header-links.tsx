'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { getReviewQueue } from '@/client/newsroom/review';
import type { ReviewQueueAnswer } from '@/lib/contracts/review-newsroom';
import { NEWSROOM_PATHS } from '../paths';

/**
 * The review's items of the newsroom's menu, read again at every page change: « À relire (N) » for editors,
 * linking to the articles in review, and « Notes non lues (N) » when someone left notes on the staff member's
 * own articles, linking to their articles.
 */
export function ReviewHeaderLinks({ staffId }: { staffId: number }) {
  const pathname = usePathname();
  const [counts, setCounts] = useState<ReviewQueueAnswer | null>(null);

  useEffect(() => {
    void pathname;
    const controller = new AbortController();
    getReviewQueue(controller.signal).then(
      setCounts,
      // The menu stays usable without its counts.
      () => undefined,
    );
    return () => controller.abort();
  }, [pathname]);

  if (!counts) return null;
  return (
    <>
      {counts.inReview === null ? null : (
        <li>
          <Link href={`${NEWSROOM_PATHS.articles}?status=in_review`}>À relire ({counts.inReview})</Link>
        </li>
      )}
      {counts.unreadNotes > 0 ? (
        <li>
          <Link href={`${NEWSROOM_PATHS.articles}?createdBy=${staffId}`}>
            Notes non lues ({counts.unreadNotes})
          </Link>
        </li>
      ) : null}
    </>
  );
}
