"use client";
// A name a person can change in place: the name with a Rename button; editing shows a small form.
// Empty clears the person's name (the original shows again). After Save or Cancel, focus goes back
// to the Rename button, not to <body> with the form that had it.
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useFocusOn } from "@/components/ui/use-focus-on";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/errors";

export function InlineRename({
  original,
  current,
  canEdit,
  inputLabel,
  maxLength,
  onSave,
  hint,
  nameClassName = "font-medium text-slate-900",
}: {
  /** The name it has anyway (the bank's), shown beside the person's own. */
  original: string;
  current: string | null;
  canEdit: boolean;
  inputLabel: string;
  maxLength: number;
  onSave: (next: string | null) => Promise<unknown>;
  /** Said under the field while editing, before the save: where the new name will show. */
  hint?: string;
  nameClassName?: string;
}) {
  const hintId = useId();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(current ?? "");
  const [pending, setPending] = useState(false);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const rename = useRef<HTMLButtonElement>(null);
  useFocusOn(rename, closedAt);
  const toast = useToast();
  const close = () => {
    setEditing(false);
    setClosedAt((n) => (n ?? 0) + 1);
  };
  if (!editing) {
    return (
      <span className="inline-flex flex-wrap items-center gap-x-2">
        <span className={nameClassName}>{current ?? original}</span>
        {current && (
          <span className="text-xs text-slate-500" title="Name at the bank">
            ({original})
          </span>
        )}
        {canEdit && (
          <Button
            ref={rename}
            variant="ghost"
            size="sm"
            onClick={() => {
              setValue(current ?? "");
              setEditing(true);
            }}
          >
            Rename<span className="sr-only"> {current ?? original}</span>
          </Button>
        )}
      </span>
    );
  }
  const submit = () => {
    setPending(true);
    onSave(value.trim() === "" ? null : value.trim()).then(
      () => {
        setPending(false);
        close();
      },
      (error: unknown) => {
        setPending(false);
        toast.error(errorMessage(error));
      },
    );
  };
  return (
    <form
      className="inline-flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <input
        autoFocus
        aria-label={inputLabel}
        aria-describedby={hint ? hintId : undefined}
        className="w-48 rounded-md px-2 py-1 text-sm ring-1 ring-slate-300 focus:outline-none focus:ring-2 focus:ring-indigo-500"
        value={value}
        maxLength={maxLength}
        placeholder={original}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") close();
        }}
      />
      <Button size="sm" type="submit" pending={pending}>
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={close}>
        Cancel
      </Button>
      {hint && (
        <p id={hintId} className="basis-full text-xs text-slate-600">
          {hint}
        </p>
      )}
    </form>
  );
}
