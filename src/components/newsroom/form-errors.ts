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

/**
 * The messages of a page that saves several things (for its `PageMessages`): the error, what the server said of
 * each field after a 400 of the Admin API (`details`, "Titre : trop long", the field named by `fieldName`), and
 * the notice. `run` clears them, runs an action and shows the notice it returns, or what it threw (after
 * `context`, "Bannières : ..." when given); `fail` and `clear` serve the actions that show no notice.
 */
export function usePageMessages(fieldName: (field: string) => string = (field) => field) {
  const [error, setError] = useState<string | null>(null);
  const [details, setDetails] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const fail = (failure: unknown, context?: string) => {
    const message = errorMessage(failure);
    setError(context ? `${context} : ${message}` : message);
    setDetails(
      failure instanceof AdminApiError
        ? failure.details.map((detail) => `${fieldName(detail.field)} : ${detail.message}`)
        : [],
    );
  };
  const clear = () => {
    setError(null);
    setDetails([]);
    setNotice(null);
  };
  const run = async (action: () => Promise<string>, context?: string) => {
    clear();
    try {
      setNotice(await action());
    } catch (failure) {
      fail(failure, context);
    }
  };
  return { error, details, notice, setError, fail, clear, run };
}
