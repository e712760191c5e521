// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgendaCalendar, dayLabel, monthWeeks } from './agenda-calendar';

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
    const group = document.createElement('section');
    group.id = 'jour-2026-03-16';
    group.tabIndex = -1;
    // jsdom has no scrollIntoView: the day's group gets its own.
    const scrollIntoView = vi.fn();
    group.scrollIntoView = scrollIntoView;
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

  it('names the days as Intl writes them in French, the first of the month as French typography does', () => {
    const weeks = monthWeeks('2026-03');
    const labels = weeks.flatMap((week) =>
      week.flatMap((day, column) => (day === null ? [] : [dayLabel(day, column)])),
    );
    const intl = new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(labels[0]).toBe('dimanche 1er mars 2026');
    expect(labels.slice(1)).toEqual(
      weeks
        .flat()
        .filter((day): day is string => day !== null)
        .slice(1)
        .map((day) => intl.format(new Date(`${day}T00:00:00Z`))),
    );
  });

  it('lays the month out in weeks from Monday', () => {
    const weeks = monthWeeks('2026-03');
    // 1 March 2026 is a Sunday: the first week holds it alone, in its last column.
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(weeks.at(-1)?.slice(0, 2)).toEqual(['2026-03-30', '2026-03-31']);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('keeps one day in the tab order and moves between the choosable days with the arrows', () => {
    render(
      <AgendaCalendar
        month="2026-03"
        eventDays={['2026-03-05', '2026-03-16', '2026-03-20']}
        today="2026-03-10"
      />,
    );
    const day = (label: string) => screen.getByRole('button', { name: label });
    expect(day('jeudi 5 mars 2026').tabIndex).toBe(0);
    expect(day('lundi 16 mars 2026').tabIndex).toBe(-1);
    day('jeudi 5 mars 2026').focus();
    fireEvent.keyDown(day('jeudi 5 mars 2026'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(day('lundi 16 mars 2026'));
    fireEvent.keyDown(day('lundi 16 mars 2026'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(day('vendredi 20 mars 2026'));
    fireEvent.keyDown(day('vendredi 20 mars 2026'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(day('lundi 16 mars 2026'));
    expect(day('mardi 10 mars 2026').getAttribute('aria-current')).toBe('date');
  });
});
