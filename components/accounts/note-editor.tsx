"use client";
// A person's note and tags on one transaction, in its detail: read-only for viewers. Tags are typed
// as words separated by spaces or commas; saving says so where focus stays (the Save button's status).
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import type { Transaction } from "@/lib/client/accounts";
import { errorMessage } from "@/lib/client/errors";
import { useSetTransactionNote } from "@/lib/client/transactions";

const wordsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);

export function NoteEditor({
  transaction: t,
  accountId,
  canEdit,
}: {
  transaction: Transaction;
  accountId: string;
  canEdit: boolean;
}) {
  const [note, setNote] = useState(t.note ?? "");
  const [tags, setTags] = useState(t.tags.join(" "));
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSetTransactionNote(accountId);
  const noteId = useId();
  const tagsId = useId();
  if (!canEdit)
    return (
      <div className="space-y-1 text-sm text-slate-700">
        <p>{t.note ?? <span className="text-slate-500">No note.</span>}</p>
        {t.tags.length > 0 && <p>Tags: {t.tags.join(", ")}</p>}
      </div>
    );
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(null);
        save.mutate(
          { id: t.id, note: note.trim() || null, tags: wordsOf(tags) },
          {
            onSuccess: (updated) =>
              setSaved(`Saved${updated.tags.length ? ` with ${updated.tags.length} tag(s)` : ""}.`),
          },
        );
      }}
    >
      <div>
        <label htmlFor={noteId} className="mb-1 block text-sm font-medium text-slate-700">
          Note
        </label>
        <textarea
          id={noteId}
          rows={2}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className="w-full rounded-md px-3 py-2 text-sm ring-1 ring-slate-300 focus:outline-none focus:ring-2 focus:ring-indigo-500"
        />
      </div>
      <div>
        <label htmlFor={tagsId} className="mb-1 block text-sm font-medium text-slate-700">
          Tags
        </label>
        <input
          id={tagsId}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          placeholder="holiday shared"
          aria-describedby={`${tagsId}-hint`}
          className="w-full rounded-md px-3 py-1.5 text-sm ring-1 ring-slate-300 focus:outline-none focus:ring-2 focus:ring-indigo-500"
        />
        <p id={`${tagsId}-hint`} className="mt-1 text-xs text-slate-600">
          Words separated by spaces or commas. Search finds notes and tags.
        </p>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" pending={save.isPending}>
          Save note and tags
        </Button>
        <span role="status" className="text-xs text-emerald-800">
          {saved}
        </span>
      </div>
      <FormError message={save.isError ? errorMessage(save.error) : null} />
    </form>
  );
}
