// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  InputField,
  PanelForm,
  ParisDateTimeField,
  SelectField,
  SignInEmailField,
  TextAreaField,
  VerificationCodeField,
  withCurrentOption,
} from './fields';

afterEach(cleanup);

describe('the field frame', () => {
  test('an input is named by its label, marked required, its hint and error tied to it', () => {
    render(<InputField label="Titre" required hint="Court." error="Le titre est obligatoire." />);
    const input = screen.getByLabelText(/Titre/);
    expect(input.tagName).toBe('INPUT');
    expect(input.hasAttribute('required')).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described).toEqual([`${input.id}-error`, `${input.id}-hint`]);
    expect(document.getElementById(`${input.id}-error`)?.textContent).toBe('Le titre est obligatoire.');
    expect(document.getElementById(`${input.id}-hint`)?.textContent).toBe('Court.');
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
  });

  test('without hint nor error the control carries no ARIA description nor invalid state', () => {
    render(<TextAreaField label="Résumé" />);
    const area = screen.getByLabelText('Résumé');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.hasAttribute('aria-describedby')).toBe(false);
    expect(area.hasAttribute('aria-invalid')).toBe(false);
    expect(area.hasAttribute('required')).toBe(false);
  });

  test('a select lists its options and keeps its own attributes', () => {
    render(
      <SelectField
        label="Rôle"
        name="role"
        defaultValue="b"
        options={[
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ]}
      />,
    );
    const select = screen.getByLabelText('Rôle') as HTMLSelectElement;
    expect(select.name).toBe('role');
    expect(select.value).toBe('b');
    expect([...select.options].map((option) => option.textContent)).toEqual(['A', 'B']);
  });
});

describe('withCurrentOption', () => {
  const options = [{ value: 'cover', label: 'Couverture' }] as const;

  test('keeps the options when the value is one of them', () => {
    expect(withCurrentOption(options, 'cover')).toBe(options);
  });

  test('adds an unknown value, shown as is', () => {
    expect(withCurrentOption(options, 'logo')).toEqual([...options, { value: 'logo', label: 'logo' }]);
  });
});

describe('VerificationCodeField', () => {
  test('is a 6-digit one-time-code field that hands over digits only', () => {
    const onCode = vi.fn();
    render(<VerificationCodeField label="Code de vérification" name="code" value="" onCode={onCode} />);
    const input = screen.getByLabelText(/Code de vérification/) as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.maxLength).toBe(6);
    expect(input.required).toBe(true);
    fireEvent.change(input, { target: { value: '12 a3-4' } });
    expect(onCode).toHaveBeenCalledWith('1234');
  });
});

describe('ParisDateTimeField', () => {
  test('shows a UTC instant in Paris time and hands back the instant typed', () => {
    const onInstant = vi.fn();
    render(<ParisDateTimeField label="Date" value="2026-01-15T08:30:00.000Z" onInstant={onInstant} />);
    const input = screen.getByLabelText('Date') as HTMLInputElement;
    expect(input.type).toBe('datetime-local');
    expect(input.value).toBe('2026-01-15T09:30');
    fireEvent.change(input, { target: { value: '2026-07-01T12:00' } });
    expect(onInstant).toHaveBeenLastCalledWith('2026-07-01T10:00:00.000Z');
  });

  test('an empty value shows an empty field; emptying a field hands back null', () => {
    const onInstant = vi.fn();
    render(<ParisDateTimeField label="Vide" value={null} onInstant={onInstant} />);
    expect((screen.getByLabelText('Vide') as HTMLInputElement).value).toBe('');
    render(<ParisDateTimeField label="Rempli" value="2026-01-15T08:30:00.000Z" onInstant={onInstant} />);
    fireEvent.change(screen.getByLabelText('Rempli'), { target: { value: '' } });
    expect(onInstant).toHaveBeenLastCalledWith(null);
  });
});

test('SignInEmailField: a required e-mail named "email", offered the saved sign-in name', () => {
  render(<SignInEmailField value="" onChange={() => undefined} error="Adresse inconnue." />);
  const input = screen.getByLabelText(/Adresse e-mail/) as HTMLInputElement;
  expect([input.type, input.name, input.getAttribute('autocomplete'), input.required]).toEqual([
    'email',
    'email',
    'username',
    true,
  ]);
  expect(input.getAttribute('aria-invalid')).toBe('true');
});

test('PanelForm: a form named for screen readers, its fields inside, its submission handed over', () => {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  render(
    <PanelForm label="Filtrer le journal" onSubmit={onSubmit}>
      <InputField label="Identifiant de l’objet" name="targetId" />
      <button type="submit">Filtrer</button>
    </PanelForm>,
  );
  const form = screen.getByRole('form', { name: 'Filtrer le journal' });
  expect(form.querySelector('input[name="targetId"]')).not.toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Filtrer' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
});
