// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { RevisionDiffAnswer } from '@/lib/contracts/admin';
import { RevisionDiff } from './revision-diff';

afterEach(cleanup);

const revision = (number: number, createdAt: string) => ({
  number,
  action: 'update' as const,
  createdAt,
  createdBy: null,
  title: 'Le barème',
});

const diff: RevisionDiffAnswer = {
  from: revision(1, '2026-12-02T09:05:00.000Z'),
  to: revision(2, '2026-12-02T10:30:00.000Z'),
  changes: [
    {
      field: 'view',
      label: 'Corps de l’article',
      parts: [],
      blocks: [
        { kind: 'same', element: 'heading', cells: [[{ kind: 'same', text: 'Le barème' }]] },
        {
          kind: 'changed',
          element: 'item',
          cells: [
            [
              { kind: 'same', text: 'Premier cas' },
              { kind: 'added', text: ' modifié' },
            ],
          ],
        },
        {
          kind: 'added',
          element: 'row',
          cells: [[{ kind: 'added', text: '2026' }], [{ kind: 'added', text: '6 %' }]],
        },
      ],
    },
  ],
};

describe('RevisionDiff', () => {
  test('names both versions with their French date in Paris time', () => {
    render(<RevisionDiff diff={diff} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'De la version 1 (2 décembre 2026 à 10 h 05) à la version 2 (2 décembre 2026 à 11 h 30)',
    );
  });

  test('says what each block is and what happened to it, and marks the words', () => {
    const { container } = render(<RevisionDiff diff={diff} />);
    const blocks = [...container.querySelectorAll('[data-block]')].map((block) => block.textContent);
    expect(blocks).toEqual([
      'Intertitre : Le barème',
      'Élément de liste modifié : • Premier cas[ajouté :  modifié]',
      'Ligne de tableau ajoutée : [ajouté : 2026][ajouté : 6 %]',
    ]);
    expect(container.querySelector('ins')?.textContent).toBe('[ajouté :  modifié]');
  });
});
