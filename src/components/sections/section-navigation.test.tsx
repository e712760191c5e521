import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { SectionNavigation, selectedThematicsSuffix } from './section-navigation';

const tag = (slug: string, label: string) => ({ id: `id-${slug}`, slug, label });

test("a listing's title names its selected thematics after a dash, and adds nothing without", () => {
  expect(selectedThematicsSuffix([])).toBe('');
  expect(selectedThematicsSuffix([tag('tva', 'TVA'), tag('is', 'IS')])).toBe(' – TVA, IS');
});

describe('SectionNavigation reads the selection of the listing', () => {
  const render = (selection: Parameters<typeof SectionNavigation>[0]['selection']) =>
    renderToStaticMarkup(
      <SectionNavigation
        listing="rates"
        topics={['fiscal', 'social']}
        label="Thèmes des chiffres et taux"
        selection={selection}
        minimumThematics={1}
      />,
    );

  test('without a topic: no thematics, "Tous" is the current tab', () => {
    const html = render({ topic: null, thematics: [tag('tva', 'TVA')], selected: [] });
    expect(html).not.toContain('aria-label="Thématiques"');
    expect(html).toMatch(/aria-current="page"[^>]*>Tous</);
  });

  test("a topic's thematics as links, the selected one marked", () => {
    const html = render({
      topic: { slug: 'fiscal' },
      thematics: [tag('tva', 'TVA'), tag('is', 'IS')],
      selected: [tag('is', 'IS')],
    });
    expect(html).toContain('aria-label="Thématiques"');
    expect(html.match(/<a [^>]*>(TVA|IS)<\/a>/g)?.map((link) => link.includes('aria-current'))).toEqual([
      false,
      true,
    ]);
  });
});
