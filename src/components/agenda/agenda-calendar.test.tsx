// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgendaCalendar } from './agenda-calendar';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('agenda calendar', () => {
  it('shows the month in French from Monday, with only the days that have events selectable', () => {
    render(<AgendaCalendar month="2026-03" eventDays={['2026-03-05', '2026-03-16']} today="2026-03-10" />);
    const grid = screen.getByRole('grid');
    expect(grid.getAttribute('aria-label')?.toLowerCase()).toContain('mars 2026');
    const headers = grid.querySelectorAll('thead th');
    expect(headers[0]?.textContent?.toLowerCase()).toMatch(/^lu/);
    expect(headers[6]?.textContent?.toLowerCase()).toMatch(/^di/);
    const enabled = [...grid.querySelectorAll('button:not([disabled])')].map((button) => button.textContent);
    expect(enabled).toEqual(['5', '16']);
    expect(grid.querySelectorAll('button[disabled]').length).toBe(29);
  });

  it('scrolls to the group of a chosen day and moves the focus there', async () => {
    const scrollIntoView = vi.fn();
    window.HTMLElement.prototype.scrollIntoView = scrollIntoView;
    const group = document.createElement('section');
    group.id = 'jour-2026-03-16';
    group.tabIndex = -1;
    document.body.append(group);
    render(<AgendaCalendar month="2026-03" eventDays={['2026-03-05', '2026-03-16']} today="2026-03-10" />);
    const day = [...screen.getByRole('grid').querySelectorAll('button')].find(
      (button) => button.textContent === '16',
    );
    if (!day) throw new Error('day 16 not rendered');
    fireEvent.click(day);
    expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
    await waitFor(() => expect(document.activeElement).toBe(group));
    expect(window.location.hash).toBe('#jour-2026-03-16');
    group.remove();
  });
});
