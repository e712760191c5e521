// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { LoadMoreButton } from './load-more-button';

afterEach(cleanup);

test('no button once the list has no more to load', () => {
  const { container } = render(
    <LoadMoreButton state={{ hasMore: false, loading: false }} loadMore={async () => {}}>
      Plus d'actualités
    </LoadMoreButton>,
  );
  expect(container.innerHTML).toBe('');
});

test('a click loads the next page; the button waits while a page loads', () => {
  const loadMore = vi.fn(async () => {});
  const { rerender } = render(
    <LoadMoreButton state={{ hasMore: true, loading: false }} loadMore={loadMore} className="more">
      Plus d'actualités
    </LoadMoreButton>,
  );
  const button = screen.getByRole('button', { name: "Plus d'actualités" }) as HTMLButtonElement;
  expect(button.type).toBe('button');
  expect(button.className).toBe('more');
  fireEvent.click(button);
  expect(loadMore).toHaveBeenCalledTimes(1);
  rerender(
    <LoadMoreButton state={{ hasMore: true, loading: true }} loadMore={loadMore} className="more">
      Plus d'actualités
    </LoadMoreButton>,
  );
  expect((screen.getByRole('button', { name: "Plus d'actualités" }) as HTMLButtonElement).disabled).toBe(
    true,
  );
});
