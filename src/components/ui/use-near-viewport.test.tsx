// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Probe() {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  return <div ref={setElement}>{useNearViewport(element) ? 'proche' : 'loin'}</div>;
}

describe('useNearViewport', () => {
  test('turns true once the element nears the viewport, a screen ahead, and stays so', () => {
    let report: ((records: { isIntersecting: boolean }[]) => void) | undefined;
    const options: IntersectionObserverInit[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report, init: IntersectionObserverInit) {
          report = callback;
          options.push(init);
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<Probe />);
    expect(screen.getByText('loin')).toBeTruthy();
    expect(options[0]?.rootMargin).toBe('200px 0px');
    act(() => report?.([{ isIntersecting: false }]));
    expect(screen.getByText('loin')).toBeTruthy();
    act(() => report?.([{ isIntersecting: true }]));
    expect(screen.getByText('proche')).toBeTruthy();
  });
});
