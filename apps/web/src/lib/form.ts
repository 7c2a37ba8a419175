import { useCallback, useState } from 'react';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from './http';
import { validationMessage } from './errors';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** First issue per top-level field, translated. */
export function zodFieldErrors<K extends string>(error: z.ZodError, t: TFunction): FieldErrors<K> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = validationMessage(issue.message, t);
  }
  return out as FieldErrors<K>;
}

/**
 * Validate a form with the shared zod schema: on submit, then live once the user has tried to
 * submit. Server `fields` (already localized by the server) are merged in.
 */
export function useSchemaValidation<S extends z.ZodType, K extends string>(
  schema: S,
  t: TFunction,
) {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [submitted, setSubmitted] = useState(false);

  const validate = useCallback(
    (values: unknown): z.output<S> | null => {
      const result = schema.safeParse(values);
      if (result.success) {
        setErrors({});
        return result.data;
      }
      setErrors(zodFieldErrors<K>(result.error, t));
      return null;
    },
    [schema, t],
  );

  const submit = useCallback(
    (values: unknown) => {
      setSubmitted(true);
      return validate(values);
    },
    [validate],
  );

  const revalidate = useCallback(
    (values: unknown) => {
      if (submitted) validate(values);
    },
    [submitted, validate],
  );

  const applyServerErrors = useCallback((error: unknown) => {
    if (error instanceof ApiError && error.fields) setErrors(error.fields as FieldErrors<K>);
  }, []);

  return { errors, setErrors, submit, revalidate, applyServerErrors };
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
