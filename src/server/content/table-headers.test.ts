import { describe, expect, it } from 'vitest';
import { sanitizeEditorialHtml, sanitizeNewsroomHtml } from './sanitize';
import { withTableHeaders } from './table-headers';

/** A rates table as the rich-text editor writes it after one cell was edited: every row in tbody, no scope. */
const EDITED =
  '<table><tbody><tr><th colspan="1" rowspan="1"><p>Tranche</p></th><th colspan="1" rowspan="1"><p>Taux</p></th></tr>' +
  '<tr><td colspan="1" rowspan="1"><p>Jusqu’à 11 294 €</p></td><td colspan="1" rowspan="1"><p>0 %</p></td></tr></tbody></table>';

describe('withTableHeaders', () => {
  it('puts a first row of header cells back in a thead, with scope="col"', () => {
    const html = withTableHeaders(EDITED);
    expect(html).toMatch(/^<table><thead><tr><th colspan="1" rowspan="1" scope="col"><p>Tranche<\/p><\/th>/);
    expect(html).toContain('</tr></thead><tbody><tr><td');
    expect(html).toContain('Jusqu’à 11 294 €');
  });

  it('keeps a thead and its scopes, and marks a row header', () => {
    const html = withTableHeaders(
      '<table><caption>Taux</caption><thead><tr><th scope="colgroup">A</th><th>B</th></tr></thead>' +
        '<tbody><tr><th>Ligne</th><td>1</td></tr></tbody></table>',
    );
    expect(html).toBe(
      '<table><caption>Taux</caption><thead><tr><th scope="colgroup">A</th><th scope="col">B</th></tr></thead>' +
        '<tbody><tr><th scope="row">Ligne</th><td>1</td></tr></tbody></table>',
    );
  });

  it('leaves a table without header cells alone', () => {
    const plain = '<table><tbody><tr><td>1</td><td>2</td></tr></tbody></table>';
    expect(withTableHeaders(plain)).toBe(plain);
  });

  it('is what both sanitisers keep: the stored and the published table', () => {
    for (const sanitize of [sanitizeNewsroomHtml, sanitizeEditorialHtml]) {
      const html = sanitize(EDITED);
      expect(html).toContain('<thead><tr><th colspan="1" rowspan="1" scope="col">');
    }
  });
});
