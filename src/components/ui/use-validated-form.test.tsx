// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
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
