// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { loginForm } from '@/lib/contracts/accounts';
import { REQUIRED_MESSAGE } from '@/lib/validation';
import { useValidatedForm } from './use-validated-form';

const EMPTY = { email: '', password: '' };

describe('useValidatedForm with a schema loaded on demand', () => {
  test('a schema that cannot be loaded lets the submit go on (the server checks), and is tried again', async () => {
    let available = false;
    const loadSchema = () =>
      available ? Promise.resolve(loginForm) : Promise.reject(new Error('chunk unreachable'));
    const { result } = renderHook(() => useValidatedForm(EMPTY, loadSchema));

    await act(async () => {
      expect(await result.current.checkBeforeSubmit(null)).toBe(true);
    });
    expect(result.current.errors).toEqual({});

    available = true;
    await act(async () => {
      expect(await result.current.checkBeforeSubmit(null)).toBe(false);
    });
    expect(result.current.errors).toEqual({ email: REQUIRED_MESSAGE, password: REQUIRED_MESSAGE });
  });
});

describe('useValidatedForm on blur', () => {
  const loadSchema = () => Promise.resolve(loginForm);
  const blurred = async (
    result: { current: ReturnType<typeof useValidatedForm<typeof EMPTY>> },
    field: 'email' | 'password',
  ) => {
    await act(async () => {
      result.current.bind(field).onFocus();
    });
    await act(async () => {
      result.current.bind(field).onBlur();
    });
  };

  test('a field left untouched says nothing when it loses the focus (a window focuses its first field)', async () => {
    const { result } = renderHook(() => useValidatedForm(EMPTY, loadSchema));
    await blurred(result, 'email');
    // A field typed in, blurred after it: its check comes after the one the untouched field would have had.
    act(() => result.current.bind('password').onValueChange(''));
    await blurred(result, 'password');
    await waitFor(() => expect(result.current.errors.password).toBe(REQUIRED_MESSAGE));
    expect(result.current.errors).toEqual({ password: REQUIRED_MESSAGE });
  });

  test('a field typed in, then emptied, is checked on blur; after a submit every field is', async () => {
    const { result } = renderHook(() => useValidatedForm(EMPTY, loadSchema));
    act(() => result.current.bind('email').onValueChange('claire'));
    await blurred(result, 'email');
    await waitFor(() => expect(result.current.errors.email).toBe('Veuillez saisir un email valide.'));
    await act(async () => {
      expect(await result.current.checkBeforeSubmit(null)).toBe(false);
    });
    act(() => result.current.bind('password').onValueChange(''));
    await act(async () => {
      result.current.bind('password').onFocus();
    });
    expect(result.current.errors.password).toBeUndefined();
    await blurred(result, 'password');
    await waitFor(() => expect(result.current.errors.password).toBe(REQUIRED_MESSAGE));
  });
});
