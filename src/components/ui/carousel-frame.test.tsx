// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CarouselFrame } from './carousel-frame';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
  }));
}

function renderBanner() {
  return render(
    <CarouselFrame count={3} initialPages={3} autoplayMs={4000} loop>
      <li>Un</li>
      <li>Deux</li>
      <li>Trois</li>
    </CarouselFrame>,
  );
}

const current = () => document.querySelector('button[aria-current="true"]')?.getAttribute('aria-label');

describe('CarouselFrame', () => {
  test('advances every interval and loops from the last page to the first', () => {
    stubReducedMotion(false);
    renderBanner();
    expect(current()).toBe('Page 1');
    act(() => vi.advanceTimersByTime(3999));
    expect(current()).toBe('Page 1');
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe('Page 2');
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe('Page 3');
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe('Page 1');
  });

  test('« Pause » stops it, « Lecture » starts it again; the pointer on the slides holds it', () => {
    stubReducedMotion(false);
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(current()).toBe('Page 1');
    fireEvent.click(screen.getByRole('button', { name: 'Lecture' }));
    const slides = screen.getByText('Un').closest('ul')?.parentElement as HTMLElement;
    fireEvent.mouseEnter(slides);
    act(() => vi.advanceTimersByTime(10_000));
    expect(current()).toBe('Page 1');
    fireEvent.mouseLeave(slides);
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe('Page 2');
  });

  test('does not move by itself for a reader who asked for reduced motion', () => {
    stubReducedMotion(true);
    renderBanner();
    expect(screen.getByRole('button', { name: 'Lecture' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(10_000));
    expect(current()).toBe('Page 1');
  });

  test('previous from the first page goes to the last, an indicator to its page', () => {
    stubReducedMotion(false);
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(current()).toBe('Page 3');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(current()).toBe('Page 2');
  });
});

describe('CarouselFrame showing its first slide until the load', () => {
  test('lays out the others once the page has loaded', () => {
    stubReducedMotion(false);
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    render(
      <CarouselFrame count={2} initialPages={2} loop firstSlideUntilLoad>
        <li>Un</li>
        <li>Deux</li>
      </CarouselFrame>,
    );
    const track = screen.getByText('Un').closest('ul') as HTMLElement;
    const classes = track.className;
    readyState.mockReturnValue('complete');
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    expect(track.className).not.toBe(classes);
    expect(track.className.split(' ')).toHaveLength(classes.split(' ').length - 1);
  });

  test('lays them out at once when a control is pressed before the load', () => {
    stubReducedMotion(false);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    render(
      <CarouselFrame count={2} initialPages={2} loop firstSlideUntilLoad>
        <li>Un</li>
        <li>Deux</li>
      </CarouselFrame>,
    );
    const track = screen.getByText('Un').closest('ul') as HTMLElement;
    const classes = track.className.split(' ').length;
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(track.className.split(' ')).toHaveLength(classes - 1);
    expect(document.querySelector('button[aria-current="true"]')?.getAttribute('aria-label')).toBe('Page 2');
  });
});
