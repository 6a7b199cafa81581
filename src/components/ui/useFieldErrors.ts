import { useEffect, useRef, useState, type RefObject } from 'react';

export interface FieldErrorsOptions<F extends string> {
  /** The form's fields in the order a person reads them: the first that shows an error takes focus. */
  order: readonly F[];
  /** The current values: a field left empty shows no error until the form is sent. */
  values: Readonly<Record<F, string>>;
  /** What is wrong with each field now, in a person's words (the owner's verdict). */
  errors: Partial<Record<F, string>>;
  /** While the owner waits for the server: focus moves once it has answered. */
  busy: boolean;
  /** The form: its controls are found by their `name`. */
  formRef: RefObject<HTMLFormElement | null>;
}

/**
 * When a form's field errors show, and where focus goes after sending it.
 *
 * A field shows its error once the form has been sent, or once it is left with something typed
 * in it, and stops showing it as soon as it changes (so a message never argues with what is being
 * typed; the next send or leave shows the verdict again). The owner judges: the form is always
 * sent, and after each send focus moves to the first field that shows an error, once the owner has
 * judged and, while it is `busy`, the server has answered.
 */
export function useFieldErrors<F extends string>({
  order,
  values,
  errors,
  busy,
  formRef,
}: FieldErrorsOptions<F>) {
  const [shown, setShown] = useState<Partial<Record<F, boolean>>>({});
  // Counts sends: each one re-renders, so the focus effect runs even when nothing else changed.
  const [, setSends] = useState(0);
  const focusPending = useRef(false);

  const errorOf = (field: F): string | undefined => (shown[field] ? errors[field] : undefined);

  useEffect(() => {
    if (!focusPending.current || busy) return;
    focusPending.current = false;
    const first = order.find((field) => errorOf(field) !== undefined);
    if (first === undefined) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  });

  const show = (fields: readonly F[], on: boolean) =>
    setShown((current) =>
      fields.every((field) => Boolean(current[field]) === on)
        ? current
        : { ...current, ...Object.fromEntries(fields.map((field) => [field, on])) },
    );

  return {
    /** The error `field` shows now, if any. */
    errorOf,
    /** The person changed these fields: their errors stop showing. */
    changed: (...fields: F[]) => show(fields, false),
    /** The person left `field`: its error shows, unless the field is empty. */
    left: (field: F) => {
      if (values[field] !== '') show([field], true);
    },
    /** The form is sent: every error shows, and focus goes to the first (see above). */
    sent: () => {
      show(order, true);
      focusPending.current = true;
      setSends((count) => count + 1);
    },
  };
}
