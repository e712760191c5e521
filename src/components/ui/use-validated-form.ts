'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { SchemaLoader } from '@/client/http';
import { afterPointerRelease, followPointerPresses } from '@/client/pointer-release';
import { capMessage } from '@/lib/validation';

/** The fields of a form whose value is text (not a checkbox). */
type TextField<Values> = {
  [Field in keyof Values & string]: Values[Field] extends string ? Field : never;
}[keyof Values & string];

/**
 * Form state with the checks of spec section 5, by the form's schema (the one the server checks with too): a
 * field the reader has typed in (or any field, once the form was submitted) is checked when it loses focus, its
 * message is cleared when it gets the focus back or changes, and every field is checked on submit. A field left
 * untouched says nothing on blur: a window that focuses its first field would otherwise greet the reader's first
 * tap elsewhere with « Ce champ est obligatoire » and move what they tapped. Messages are cut to VALIDATION_MESSAGE_MAX characters. A field that loses its focus
 * to a press on a link or button shows its message once the press is released: appearing earlier, the message
 * would move that link or button from under the pointer and the click would miss it.
 *
 * The schema and Zod are loaded when a field first gets the focus (or at the first submit), not with the page. If
 * they cannot be loaded (the network dropped), the blur checks are skipped and the submit goes on: the server checks
 * the same schema and answers its messages.
 */
export function useValidatedForm<Values extends Record<string, string | boolean>>(
  initial: Values,
  loadSchema: SchemaLoader<Values>,
) {
  const validator = useRef<Promise<(field: keyof Values & string, values: Values) => string | null> | null>(
    null,
  );
  const loadValidator = useCallback(() => {
    validator.current ??= Promise.all([import('@/lib/contracts/accounts'), loadSchema()]).then(
      ([{ formErrors }, schema]) =>
        (field: keyof Values & string, values: Values) =>
          formErrors(schema, values)[field]?.message ?? null,
      (error: unknown) => {
        // Tried again at the next focus or submit.
        validator.current = null;
        throw error;
      },
    );
    return validator.current;
  }, [loadSchema]);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values & string, string>>>({});
  // The field the form itself focuses after a failed submit keeps its message: only the reader's focus clears it.
  const keepOnFocus = useRef<string | null>(null);
  // The field that has the focus: a blur check that ends after the field got it back shows nothing.
  const focused = useRef<string | null>(null);
  // The fields a blur checks: those changed, and every field after a submit.
  const edited = useRef(new Set<string>());
  const submitted = useRef(false);

  useEffect(followPointerPresses, []);

  const clearError = useCallback((field: keyof Values & string) => {
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  const setValue = useCallback(
    (field: keyof Values & string, value: Values[typeof field]) => {
      edited.current.add(field);
      setValues((current) => ({ ...current, [field]: value }));
      clearError(field);
    },
    [clearError],
  );

  const checkField = useCallback(
    async (field: keyof Values & string) => {
      const validate = await loadValidator().catch(() => null);
      const error = validate?.(field, values);
      if (error && focused.current !== field)
        setErrors((current) => ({ ...current, [field]: capMessage(error) }));
    },
    [loadValidator, values],
  );

  /** Moves the focus to a field of a form (the first invalid one after a submit) without clearing its message. */
  const focusField = useCallback((form: HTMLFormElement | null, field: keyof Values & string) => {
    keepOnFocus.current = field;
    form?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
    keepOnFocus.current = null;
  }, []);

  /**
   * Checks every field before a submit: true when all are valid; otherwise their messages show and the focus
   * moves to the first invalid field of `form` (in form order).
   */
  const checkBeforeSubmit = useCallback(
    async (form: HTMLFormElement | null): Promise<boolean> => {
      submitted.current = true;
      const validate = await loadValidator().catch(() => null);
      if (!validate) return true;
      const next: Partial<Record<keyof Values & string, string>> = {};
      for (const field of Object.keys(values) as (keyof Values & string)[]) {
        const error = validate(field, values);
        if (error) next[field] = capMessage(error);
      }
      setErrors(next);
      const [firstInvalid] = Object.keys(next) as (keyof Values & string)[];
      if (firstInvalid) focusField(form, firstInvalid);
      return firstInvalid === undefined;
    },
    [loadValidator, values, focusField],
  );

  /** Props wiring a text field's value and checks (a `FieldBinding`). */
  const bind = (field: TextField<Values>) => ({
    name: field,
    error: errors[field] ?? null,
    value: values[field] as string,
    onValueChange: (value: string) => setValue(field, value as Values[typeof field]),
    onFocus: () => {
      focused.current = field;
      loadValidator().catch(() => undefined);
      if (keepOnFocus.current !== field) clearError(field);
    },
    onBlur: () => {
      if (focused.current === field) focused.current = null;
      if (submitted.current || edited.current.has(field)) afterPointerRelease(() => void checkField(field));
    },
  });

  return { values, errors, setValue, checkBeforeSubmit, bind };
}
