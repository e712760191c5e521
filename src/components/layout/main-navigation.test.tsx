// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { MEGA_MENU_DELAY_MS, MENU_CLOSE_DELAY_MS, SIMULATOR_TOPICS } from '@/lib/constants';
import { featuredMementos, mainNavigation, shopMenuColumns } from '@/lib/navigation';
import { shopLinks } from '@/lib/shop-links';
import { MainNavigation } from './main-navigation';

const shop = shopLinks('https://boutique.test');
let desktop = true;

beforeEach(() => {
  vi.useFakeTimers();
  desktop = true;
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: desktop, media: query }));
  render(
    <MainNavigation
      entries={mainNavigation(shop, SIMULATOR_TOPICS)}
      products={featuredMementos(shop)}
      shopColumns={shopMenuColumns(shop)}
    />,
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const trigger = (name: string) => screen.getByRole('button', { name });
const item = (name: string) => trigger(name).parentElement as HTMLElement;
const expanded = (name: string) => trigger(name).getAttribute('aria-expanded');
const mouse = { pointerType: 'mouse' };

describe('MainNavigation', () => {
  test('lists News, Our offers, Free trials, Resources, Figures and rates, Agenda, Simulators and Shop in French', () => {
    const labels = [...document.querySelectorAll('nav > ul > li')].map(
      (li) => li.querySelector('button, a')?.firstChild?.textContent,
    );
    expect(labels).toEqual([
      'Actualités',
      'Nos offres',
      'Essais gratuits',
      'Ressources',
      'Chiffres et taux',
      'Agenda',
      'Simulateurs',
      'Boutique',
    ]);
  });

  test('a dropdown opens on hover and closes 500 ms after the pointer leaves', () => {
    fireEvent.pointerEnter(item('Actualités'), mouse);
    act(() => vi.advanceTimersByTime(0));
    expect(expanded('Actualités')).toBe('true');
    fireEvent.pointerLeave(item('Actualités'), mouse);
    act(() => vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS - 1));
    expect(expanded('Actualités')).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(expanded('Actualités')).toBe('false');
  });

  test('coming back within the delay keeps it open', () => {
    fireEvent.pointerEnter(item('Agenda'), mouse);
    act(() => vi.advanceTimersByTime(0));
    fireEvent.pointerLeave(item('Agenda'), mouse);
    act(() => vi.advanceTimersByTime(300));
    fireEvent.pointerEnter(item('Agenda'), mouse);
    act(() => vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS));
    expect(expanded('Agenda')).toBe('true');
  });

  test('hover does nothing on mobile or with touch', () => {
    fireEvent.pointerEnter(item('Actualités'), { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS));
    expect(expanded('Actualités')).toBe('false');
    desktop = false;
    fireEvent.pointerEnter(item('Actualités'), mouse);
    act(() => vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS));
    expect(expanded('Actualités')).toBe('false');
  });

  test('a click right after the hover opened it, before React rendered that, keeps it open', () => {
    fireEvent.pointerEnter(item('Actualités'), mouse);
    // The hover's timer and the click in one batch: the click's handler runs before the opening is rendered.
    act(() => {
      vi.advanceTimersByTime(0);
      fireEvent.click(trigger('Actualités'));
    });
    expect(expanded('Actualités')).toBe('true');
    fireEvent.click(trigger('Actualités'));
    expect(expanded('Actualités')).toBe('false');
  });

  test('a click opens and closes; a click outside closes', () => {
    fireEvent.click(trigger('Ressources'));
    expect(expanded('Ressources')).toBe('true');
    expect(screen.getByRole('link', { name: /Livres blancs/ })).toBeTruthy();
    fireEvent.click(trigger('Ressources'));
    expect(expanded('Ressources')).toBe('false');
    fireEvent.click(trigger('Ressources'));
    fireEvent.pointerDown(document.body);
    expect(expanded('Ressources')).toBe('false');
  });

  test('keyboard: ArrowDown opens and focuses the first link, Escape closes and returns to the trigger', () => {
    trigger('Actualités').focus();
    fireEvent.keyDown(trigger('Actualités'), { key: 'ArrowDown' });
    act(() => vi.advanceTimersByTime(20));
    expect(expanded('Actualités')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Toutes les actualités');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(expanded('Actualités')).toBe('false');
    expect(document.activeElement).toBe(trigger('Actualités'));
  });

  test('the Shop mega-menu opens on hover only after 500 ms, with three featured mementos', () => {
    fireEvent.pointerEnter(item('Boutique'), mouse);
    act(() => vi.advanceTimersByTime(MEGA_MENU_DELAY_MS - 1));
    expect(expanded('Boutique')).toBe('false');
    act(() => vi.advanceTimersByTime(1));
    expect(expanded('Boutique')).toBe('true');
    const featured = screen.getByRole('region', { name: 'Nos mémentos à la une' });
    expect(featured.querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByRole('link', { name: /Mémento Fiscal/ }).getAttribute('href')).toBe(
      'https://boutique.test/memento-fiscal.html',
    );
  });

  test('leaving the Shop entry before 500 ms never opens it', () => {
    fireEvent.pointerEnter(item('Boutique'), mouse);
    act(() => vi.advanceTimersByTime(200));
    fireEvent.pointerLeave(item('Boutique'), mouse);
    act(() => vi.advanceTimersByTime(MEGA_MENU_DELAY_MS * 2));
    expect(expanded('Boutique')).toBe('false');
  });

  test('a click opens the mega-menu at once', () => {
    fireEvent.click(trigger('Boutique'));
    expect(expanded('Boutique')).toBe('true');
  });

  test("the mega-menu's content is rendered when it opens, not with the page", () => {
    const panel = document.getElementById(trigger('Boutique').getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(true);
    expect(panel?.childElementCount).toBe(0);
    fireEvent.click(trigger('Boutique'));
    expect(panel?.querySelectorAll('a').length).toBeGreaterThan(10);
    fireEvent.click(trigger('Boutique'));
    expect(panel?.hidden).toBe(true);
    expect(panel?.childElementCount).toBe(0);
  });
});
