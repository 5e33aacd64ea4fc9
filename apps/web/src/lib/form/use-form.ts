import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';

export type FormErrors = Record<string, string | undefined>;

interface FormOptions<V> {
  initialValues: V;
  /** Every field's message key, or none; run on submit and by validateField. */
  validate?: (values: V) => Record<string, string>;
}

interface InputProps {
  /** Text inputs: the console's forms hold strings, and booleans for checkboxes. */
  value?: string;
  checked?: boolean;
  error: string | undefined;
  onChange: (eventOrValue: unknown) => void;
}

/** What a change handler may receive: an input's event or the value itself (Mantine's inputs). */
function valueOf(eventOrValue: unknown, checkbox: boolean): unknown {
  if (eventOrValue && typeof eventOrValue === 'object' && 'currentTarget' in eventOrValue) {
    const target = (eventOrValue as { currentTarget: HTMLInputElement }).currentTarget;
    return checkbox ? target.checked : target.value;
  }
  return eventOrValue;
}

/**
 * The form state the console's forms need, in place of @mantine/form (5 kB gzip before /login
 * is usable): controlled values, a validator run on submit, errors that clear when their field
 * changes, and Mantine-shaped input props (`value`/`checked`, `onChange`, `error`).
 */
export function useForm<V extends Record<string, unknown>>({ initialValues, validate }: FormOptions<V>) {
  const [values, setValuesState] = useState<V>(initialValues);
  const [errors, setErrorsState] = useState<FormErrors>({});
  const current = useRef(values);
  const initial = useRef(initialValues);
  const validator = useRef(validate);
  validator.current = validate;

  const setValues = useCallback((next: Partial<V>) => {
    current.current = { ...current.current, ...next };
    setValuesState(current.current);
  }, []);

  const setFieldValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValues({ [name]: value } as unknown as Partial<V>);
      setErrorsState((old) => (old[name] === undefined ? old : { ...old, [name]: undefined }));
    },
    [setValues],
  );

  return useMemo(() => {
    const getValues = () => current.current;
    const run = () => validator.current?.(current.current) ?? {};
    return {
      values,
      errors,
      getValues,
      setValues,
      setFieldValue,
      setErrors: (next: FormErrors) => setErrorsState(next),
      setInitialValues: (next: V) => {
        initial.current = next;
      },
      reset: () => {
        current.current = initial.current;
        setValuesState(initial.current);
        setErrorsState({});
      },
      isDirty: (name?: keyof V & string) =>
        name === undefined
          ? Object.keys(current.current).some((k) => current.current[k] !== initial.current[k])
          : current.current[name] !== initial.current[name],
      /** Validates one field and shows (or clears) its error. */
      validateField: (name: keyof V & string) => {
        const error = run()[name];
        setErrorsState((old) => ({ ...old, [name]: error }));
        return { hasError: error !== undefined, error };
      },
      /** A submit handler: validates every field, then calls `handler` when none has an error. */
      onSubmit: (handler: (values: V) => void) => (event?: FormEvent) => {
        event?.preventDefault();
        const found = run();
        setErrorsState(found);
        if (Object.keys(found).length === 0) handler(current.current);
      },
      getInputProps: (name: keyof V & string, options?: { type?: 'input' | 'checkbox' }): InputProps => {
        const checkbox = options?.type === 'checkbox';
        const onChange = (eventOrValue: unknown) =>
          setFieldValue(name, valueOf(eventOrValue, checkbox) as V[typeof name]);
        return checkbox
          ? { checked: Boolean(values[name]), onChange, error: errors[name] }
          : { value: values[name] as string, onChange, error: errors[name] };
      },
    };
  }, [values, errors, setValues, setFieldValue]);
}

export type UseFormReturnType<V extends Record<string, unknown>> = ReturnType<typeof useForm<V>>;
