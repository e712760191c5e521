// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { TagRef } from '@/lib/contracts/content';
import { ThematicFilter } from './thematic-filter';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn() }) }));

afterEach(cleanup);

const tag = (slug: string): TagRef => ({
  label: slug.toUpperCase(),
  slug,
  id: `EBX:EFL_Themes:${slug}`,
  shortId: slug,
});
const FISCAL = tag('fiscal');

describe('ThematicFilter', () => {
  test("up to 10 thematics: links under 'FILTRER PAR' that toggle, joined by '_', and 'Réinitialiser'", () => {
    const thematics = ['tva', 'is', 'ir'].map(tag);
    render(<ThematicFilter topic={FISCAL} thematics={thematics} selected={[tag('tva')]} />);
    expect(screen.getByText('FILTRER PAR')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'TVA' }).getAttribute('href')).toBe('/actualite/fiscal');
    expect(screen.getByRole('link', { name: 'TVA' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('link', { name: 'IS' }).getAttribute('href')).toBe('/actualite/fiscal/tva_is');
    const reset = screen.getByRole('button', { name: 'Réinitialiser' }) as HTMLButtonElement;
    expect(reset.disabled).toBe(false);
    expect(reset.form?.getAttribute('action')).toBe('/actualite/fiscal');
  });

  test("more than 10 thematics: the 'ALLER À' picker with 'Choisir une thématique'", () => {
    const thematics = Array.from({ length: 11 }, (_, index) => tag(`theme-${index}`));
    render(<ThematicFilter topic={FISCAL} thematics={thematics} selected={[]} />);
    const picker = screen.getByRole('combobox', { name: 'ALLER À' }) as HTMLSelectElement;
    expect(picker.options[0]?.textContent).toBe('Choisir une thématique');
    expect(picker.options).toHaveLength(12);
    expect(picker.options[1]?.value).toBe('/actualite/fiscal/theme-0');
    expect(screen.queryByText('FILTRER PAR')).toBeNull();
  });
});
