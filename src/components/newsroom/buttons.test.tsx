// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ConfirmButton, MoveButtons, RowButton, SubmitRow } from './buttons';

const browserConfirm = window.confirm;
afterEach(() => {
  cleanup();
  window.confirm = browserConfirm;
});

describe('RowButton', () => {
  test('named by its word and its row, acts on click', () => {
    const onClick = vi.fn();
    render(
      <RowButton onClick={onClick} context="la clé CI">
        Révoquer
      </RowButton>,
    );
    const button = screen.getByRole('button', { name: 'Révoquer la clé CI' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  test('spaced, a space stands before it', () => {
    const { container } = render(
      <p>
        Actif
        <RowButton spaced onClick={() => undefined} context="le compte de Marie">
          Fermer
        </RowButton>
      </p>,
    );
    expect(container.textContent).toBe('Actif Fermer le compte de Marie');
  });
});

describe('MoveButtons', () => {
  test('the first item cannot go up, the last cannot go down; each says which item it moves', () => {
    const onMove = vi.fn();
    const { rerender } = render(<MoveButtons index={0} count={2} context="la section 1" onMove={onMove} />);
    const up = () => screen.getByRole('button', { name: 'Monter la section 1' }) as HTMLButtonElement;
    const down = () => screen.getByRole('button', { name: 'Descendre la section 1' }) as HTMLButtonElement;
    expect(up().disabled).toBe(true);
    expect(down().disabled).toBe(false);
    fireEvent.click(down());
    expect(onMove).toHaveBeenLastCalledWith(1);
    rerender(<MoveButtons index={1} count={2} context="la section 1" onMove={onMove} />);
    expect(up().disabled).toBe(false);
    expect(down().disabled).toBe(true);
    fireEvent.click(up());
    expect(onMove).toHaveBeenLastCalledWith(-1);
  });
});

describe('ConfirmButton', () => {
  test('acts only when the question is answered OK', () => {
    const onConfirm = vi.fn();
    const confirm = vi
      .fn<(question?: string) => boolean>()
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    window.confirm = confirm;
    render(
      <ConfirmButton question="Dépublier cet article ?" onConfirm={onConfirm}>
        Dépublier
      </ConfirmButton>,
    );
    const button = screen.getByRole('button', { name: 'Dépublier' });
    fireEvent.click(button);
    expect(confirm).toHaveBeenLastCalledWith('Dépublier cet article ?');
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('SubmitRow', () => {
  test('submits its form, disabled while the form is sent', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <SubmitRow>Enregistrer</SubmitRow>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement;
    expect(button.type).toBe('submit');
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    rerender(
      <form onSubmit={onSubmit}>
        <SubmitRow disabled>Enregistrer</SubmitRow>
      </form>,
    );
    expect((screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('each kind has its own style', () => {
    render(
      <>
        <SubmitRow>Créer</SubmitRow>
        <SubmitRow kind="secondary">Chercher</SubmitRow>
        <SubmitRow kind="danger">Supprimer</SubmitRow>
      </>,
    );
    const classes = ['Créer', 'Chercher', 'Supprimer'].map(
      (name) => screen.getByRole('button', { name }).className,
    );
    expect(new Set(classes).size).toBe(3);
  });
});
