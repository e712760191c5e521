import type { ReactNode } from 'react';
import type { NewsListState } from '@/client/news-list';

type LoadMoreButtonProps = {
  /** The list of useNewsList and its loader. */
  state: Pick<NewsListState, 'hasMore' | 'loading'>;
  loadMore: () => Promise<void>;
  className?: string;
  children: ReactNode;
};

/** The button under a list loaded in the browser: there while more remains, disabled while a page loads. */
export function LoadMoreButton({ state, loadMore, className, children }: LoadMoreButtonProps) {
  if (!state.hasMore) return null;
  return (
    <button type="button" className={className} onClick={() => void loadMore()} disabled={state.loading}>
      {children}
    </button>
  );
}
