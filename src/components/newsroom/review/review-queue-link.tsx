'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { getReviewQueue } from '@/client/newsroom/review';
import { NEWSROOM_PATHS } from '../paths';

/** The article list filtered on the articles in review. */
const IN_REVIEW_LIST_PATH = `${NEWSROOM_PATHS.articles}?status=in_review`;

/**
 * « À relire (N) » in the newsroom's header, for editors: how many articles wait for review, read again at every
 * page change, linking to the list of them.
 */
export function ReviewQueueLink() {
  const pathname = usePathname();
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    void pathname;
    const controller = new AbortController();
    getReviewQueue(controller.signal).then(
      (answer) => setCount(answer.inReview),
      // The header stays usable without its count.
      () => undefined,
    );
    return () => controller.abort();
  }, [pathname]);

  return <Link href={IN_REVIEW_LIST_PATH}>{count === null ? 'À relire' : `À relire (${count})`}</Link>;
}
