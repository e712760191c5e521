// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useAfterLoad } from './use-after-load';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** happy-dom has no requestIdleCallback: the stub runs `onIdle` with the callback it is given. */
function stubIdle(onIdle: (run: () => void) => void) {
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
    onIdle(() => callback({ didTimeout: false, timeRemaining: () => 50 }));
    return 1;
  });
  vi.stubGlobal('cancelIdleCallback', () => undefined);
}

function Probe() {
  return <p>{useAfterLoad() ? 'prêt' : 'en attente'}</p>;
}

describe('useAfterLoad', () => {
  test('waits for the load event, then for an idle moment', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    let idle: (() => void) | undefined;
    stubIdle((run) => {
      idle = run;
    });
    render(<Probe />);
    expect(screen.getByText('en attente')).toBeTruthy();

    readyState.mockReturnValue('complete');
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    expect(screen.getByText('en attente')).toBeTruthy();
    act(() => idle?.());
    expect(screen.getByText('prêt')).toBeTruthy();
  });

  test('on a page already loaded, only waits for the idle moment', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    stubIdle((run) => run());
    render(<Probe />);
    expect(screen.getByText('prêt')).toBeTruthy();
  });
});
