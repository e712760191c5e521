import { useEffect } from 'react';
import { errorMessage } from '@/client/admin';

/**
 * Loads a page's data: runs `load` (a `useCallback`, run again when what it reads changes) with a signal aborted
 * when the page goes or `load` changes. A failure other than that abort reaches `onError` as a French message.
 */
export function useLoad(load: (signal: AbortSignal) => Promise<unknown>, onError: (message: string) => void) {
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch((failure: unknown) => {
      if (!controller.signal.aborted) onError(errorMessage(failure));
    });
    return () => controller.abort();
  }, [load, onError]);
}
