import { useCallback, useState } from 'react';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from './http';
import { validationMessage } from './errors';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * What a form check gives: the values to send, or the first message (a validation key or a text)
 * per field.
 */
export type FormCheckResult<T, K extends string> = { data: T } | { errors: FieldErrors<K> };

/**
 * Validate a form with `check`: on submit, then live once the user has tried to submit. Server
 * `fields` (already localized by the server) are merged in. `check` must keep its identity
 * (a module function or memoized).
 */
export function useFormValidation<V, T, K extends string>(
  check: (values: V) => FormCheckResult<T, K>,
  t: TFunction,
) {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [submitted, setSubmitted] = useState(false);

  const validate = useCallback(
    (values: V): T | null => {
      const result = check(values);
      if ('data' in result) {
        setErrors({});
        return result.data;
      }
      const out: Record<string, string> = {};
      for (const [key, message] of Object.entries(result.errors)) {
        if (typeof message === 'string') out[key] = validationMessage(message, t);
      }
      setErrors(out as FieldErrors<K>);
      return null;
    },
    [check, t],
  );

  const submit = useCallback(
    (values: V) => {
      setSubmitted(true);
      return validate(values);
    },
    [validate],
  );

  const revalidate = useCallback(
    (values: V) => {
      if (submitted) validate(values);
    },
    [submitted, validate],
  );

  const applyServerErrors = useCallback((error: unknown) => {
    if (error instanceof ApiError && error.fields) setErrors(error.fields as FieldErrors<K>);
  }, []);

  return { errors, setErrors, submit, revalidate, applyServerErrors };
}

/** `useFormValidation` with a shared zod schema: its first issue per top-level field. */
export function useSchemaValidation<S extends z.ZodType, K extends string>(
  schema: S,
  t: TFunction,
) {
  const check = useCallback(
    (values: unknown): FormCheckResult<z.output<S>, K> => {
      const result = schema.safeParse(values);
      if (result.success) return { data: result.data };
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (key && !(key in errors)) errors[key] = issue.message;
      }
      return { errors: errors as FieldErrors<K> };
    },
    [schema],
  );
  return useFormValidation(check, t);
}

/**
 * A form's values and a setter for one field that revalidates the whole form with the new values
 * (`useSchemaValidation`'s `revalidate`, live once the user has tried to submit). `onEdit` runs on
 * every edit: pass the mutation's `reset` so that a server error about the old values (such as
 * "Same as old password") goes away once the user changes them.
 */
export function useFormValues<V extends object>(
  initial: V | (() => V),
  revalidate: (values: V) => void,
  onEdit?: () => void,
) {
  const [values, setValues] = useState<V>(initial);
  const set = <K extends keyof V>(key: K, value: V[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    revalidate(next);
    onEdit?.();
  };
  return { values, setValues, set };
}
