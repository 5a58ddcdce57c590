"use client";
import { useRef, type FormEvent } from "react";
import { Badge, Skeleton } from "@/components/ui/card";
import { CancelAndSubmit, focusRing } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { FormError, TextField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { useFields } from "@/components/ui/use-fields";
import { useApi } from "@/lib/client/api-context";
import { fieldError, formErrorMessage } from "@/lib/client/errors";
import { useCreateScope, useCurrentScope } from "@/lib/client/hooks";

const NEW_SCOPE = "__new__";
const ROLE_TONE = { admin: "indigo", member: "green", viewer: "slate" } as const;

export function ScopeSwitcher() {
  const { setScopeId } = useApi();
  const { scope, scopes, isLoading } = useCurrentScope();
  const dialogRef = useRef<HTMLDialogElement>(null);

  if (isLoading) return <Skeleton className="h-8 w-48" />;

  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor="scope-switcher" className="sr-only">
        Scope
      </label>
      <select
        id="scope-switcher"
        value={scope?.scopeId ?? ""}
        // A select cannot wrap: it is wide enough for a usual name ("Nora Newcomer's workspace"), and a
        // longer one ends in an ellipsis with the whole name on hover.
        title={scope?.name}
        onChange={(e) => {
          if (e.target.value === NEW_SCOPE) dialogRef.current?.showModal();
          else setScopeId(e.target.value);
        }}
        className={cx(
          "max-w-32 truncate rounded-md sm:max-w-80 border-0 bg-slate-800 py-1.5 pl-3 pr-8 text-sm font-medium text-white ring-1 ring-inset ring-slate-600",
          focusRing,
        )}
      >
        {!scope && <option value="">No scope yet</option>}
        {scopes.map((s) => (
          <option key={s.scopeId} value={s.scopeId}>
            {s.name}
          </option>
        ))}
        <option value={NEW_SCOPE}>New scope…</option>
      </select>
      {scope && (
        <span title="Your role in this scope">
          <Badge tone={ROLE_TONE[scope.role]}>
            <span className="sr-only">Your role: </span>
            {scope.role}
          </Badge>
        </span>
      )}
      <NewScopeDialog dialogRef={dialogRef} />
    </div>
  );
}

function NewScopeDialog({ dialogRef }: { dialogRef: React.RefObject<HTMLDialogElement | null> }) {
  const { setScopeId } = useApi();
  const createScope = useCreateScope();
  const toast = useToast();
  const { values, set, bind } = useFields({ name: "" }, (field) => fieldError(createScope.error, field));

  const close = () => {
    dialogRef.current?.close();
    set("name", "");
    createScope.reset();
  };

  // Not useMutationForm: `close` reads the dialog ref, which the hook rules only allow in a handler.
  function submit(event: FormEvent) {
    event.preventDefault();
    createScope.mutate(
      { name: values.name },
      {
        onSuccess: (scope) => {
          setScopeId(scope.scopeId);
          toast.success(`Scope “${scope.name}” created. You are its admin.`);
          close();
        },
      },
    );
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="new-scope-title"
      onClose={close}
      className="m-auto w-full max-w-md rounded-xl p-0 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40"
    >
      <form onSubmit={submit} className="space-y-4 p-6 text-slate-900">
        <h2 id="new-scope-title" className="text-lg font-semibold">
          New scope
        </h2>
        <p className="text-sm text-slate-600">
          A scope is a separate workspace with its own clients, members and API keys.
        </p>
        <FormError message={formErrorMessage(createScope.error, ["name"])} />
        <TextField label="Scope name" required maxLength={120} autoFocus {...bind("name")} />
        <CancelAndSubmit submitLabel="Create scope" pending={createScope.isPending} onCancel={close} />
      </form>
    </dialog>
  );
}
