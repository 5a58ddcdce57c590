"use client";
// A form that sends a TanStack mutation: no page reload, the mutation runs with the form's values,
// and `onDone` gets the answer. A failure is not thrown at the form: it renders it from
// `mutation.error` (field errors beside their fields, the rest above the form), and focus moves to
// the first field in error.
import { useRef, type FormEvent } from "react";
import { useFocusFirstError } from "@/components/ui/use-focus-on";

type Mutation<TData, TVariables> = {
  mutate: (variables: TVariables, options?: { onSuccess?: (data: TData) => void }) => void;
  error: unknown;
};

/** The form's ref (for the focus) and its submit handler. */
export function useMutationForm<TData, TVariables>(
  mutation: Mutation<TData, TVariables>,
  variables: () => TVariables,
  onDone: (data: TData) => void,
) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, mutation.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(variables(), { onSuccess: onDone });
  };
  return { form, submit };
}
