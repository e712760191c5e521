import { useState } from 'react';
import { AdminApiError, errorMessage } from '@/client/admin';

/**
 * The errors of a newsroom form: the general French message (`error`, for an `ErrorAlert`) and, after a 400 of
 * the Admin API, each field's message by field name (`fields.email`, for the field's `error`). `fail` takes what
 * a call threw, `clear` forgets both before the next try, `setError` sets a message found before any call (two
 * passwords that differ).
 */
export function useFormErrors() {
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const fail = (failure: unknown) => {
    setError(errorMessage(failure));
    setFields(
      failure instanceof AdminApiError
        ? Object.fromEntries(failure.details.map((detail) => [detail.field, detail.message]))
        : {},
    );
  };
  const clear = () => {
    setError(null);
    setFields({});
  };
  return { error, fields, fail, clear, setError };
}
