"use client";
// A person's note and tags on one transaction, in its detail: read-only for viewers. Tags are typed
// as words separated by spaces or commas; saving says so beside the button, and focus moves there.
import { useState } from "react";
import type { EditablePart } from "@/components/accounts/transaction-detail";
import { ActionStatus, outcome, type ActionOutcome } from "@/components/ui/action-status";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/client/errors";
import { useSetTransactionNote } from "@/lib/client/transactions";

const wordsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);

export function NoteEditor({ transaction: t, accountId, canEdit }: EditablePart) {
  const [note, setNote] = useState(t.note ?? "");
  const [tags, setTags] = useState(t.tags.join(" "));
  const [saved, setSaved] = useState<ActionOutcome | null>(null);
  const save = useSetTransactionNote(accountId);
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
              setSaved(outcome(`Saved${updated.tags.length ? ` with ${updated.tags.length} tag(s)` : ""}.`)),
            onError: (error) => setSaved(outcome(`Not saved: ${errorMessage(error)}`, "error")),
          },
        );
      }}
    >
      <TextAreaField label="Note" rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      <TextField
        label="Tags"
        value={tags}
        onChange={(e) => setTags(e.target.value)}
        placeholder="holiday shared"
        hint="Words separated by spaces or commas. Search finds notes and tags."
      />
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" pending={save.isPending}>
          Save note and tags
        </Button>
        <ActionStatus outcome={saved} />
      </div>
    </form>
  );
}
