"use client";
// A form's text and select values in one state, and `bind(field)`: the props that tie a TextField or
// SelectField to its value — name, value, onChange — and to its error (from `errorOf`, e.g. the
// message a 422 answer gives for that field, or the form's own check).
import { useState, type ChangeEvent } from "react";

/** What `bind(field)` gives a field. */
export type FieldBinding = {
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  error: string | undefined;
};

export function useFields<V extends Record<string, string>>(
  initial: V,
  errorOf: (field: keyof V & string) => string | undefined = () => undefined,
) {
  const [values, setValues] = useState<V>(initial);
  const set = <K extends keyof V>(field: K, value: V[K]) => setValues((v) => ({ ...v, [field]: value }));
  const bind = <K extends keyof V & string>(field: K): FieldBinding => ({
    name: field,
    value: values[field],
    // A select's options and a text field's input are the field's values.
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(field, e.target.value as V[K]),
    error: errorOf(field),
  });
  /** Back to the initial values (a form sent and done). */
  const reset = () => setValues(initial);
  return { values, set, bind, reset };
}
