// A form's submit handler for a TanStack mutation: no page reload, the mutation runs with the form's
// values, and `onDone` gets the answer. A failure is not thrown at the form: it renders it from
// `mutation.error` (field errors beside their fields, the rest above the form).
import type { FormEvent } from "react";

type Mutation<TData, TVariables> = {
  mutate: (variables: TVariables, options?: { onSuccess?: (data: TData) => void }) => void;
};

export function submitMutation<TData, TVariables>(
  mutation: Mutation<TData, TVariables>,
  variables: () => TVariables,
  onDone: (data: TData) => void,
): (event: FormEvent) => void {
  return (event) => {
    event.preventDefault();
    mutation.mutate(variables(), { onSuccess: onDone });
  };
}
