"use client";
// Inline alias edit: the name is a button; editing shows a small form. Empty clears the alias.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useCounterpartChange } from "@/lib/client/counterparts";
import { errorMessage } from "@/lib/client/errors";

export function AliasEditor({
  id,
  name,
  alias,
  canEdit,
}: {
  id: string;
  name: string;
  alias: string | null;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(alias ?? "");
  const toast = useToast();
  const save = useCounterpartChange((api, next: string | null) => api.setAlias(id, next));
  if (!editing) {
    return (
      <span className="inline-flex items-center gap-2">
        <span className="font-medium text-slate-900">{alias ?? name}</span>
        {alias && (
          <span className="text-xs text-slate-500" title="Name at the bank">
            ({name})
          </span>
        )}
        {canEdit && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setValue(alias ?? "");
              setEditing(true);
            }}
          >
            Rename<span className="sr-only"> {alias ?? name}</span>
          </Button>
        )}
      </span>
    );
  }
  const submit = () =>
    save.mutate(value.trim() === "" ? null : value.trim(), {
      onSuccess: () => setEditing(false),
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <form
      className="inline-flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <input
        autoFocus
        aria-label={`Alias for ${name}`}
        className="w-48 rounded-md px-2 py-1 text-sm ring-1 ring-slate-300 focus:outline-none focus:ring-2 focus:ring-indigo-500"
        value={value}
        maxLength={120}
        placeholder={name}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") setEditing(false);
        }}
      />
      <Button size="sm" type="submit" pending={save.isPending}>
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
        Cancel
      </Button>
    </form>
  );
}
