"use client";
// "Merge into…" for one category: pick the target, and the confirmation says how many transactions
// move there (and that the merged category goes away from the lists). One step on the server.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError, SelectField } from "@/components/ui/field";
import { useMergeCategory, type Category } from "@/lib/client/categories";
import { errorMessage } from "@/lib/client/errors";

export function MergeCategoryButton({ category: c, all }: { category: Category; all: Category[] }) {
  const merge = useMergeCategory();
  const [open, setOpen] = useState(false);
  const targets = all.filter((x) => x.id !== c.id && !x.archived && x.parentId !== c.id);
  const [into, setInto] = useState("");
  const target = targets.find((t) => t.id === into);
  const n = c.transactionCount ?? 0;
  const close = () => {
    setOpen(false);
    merge.reset();
  };
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Merge into…<span className="sr-only"> (merge {c.name})</span>
      </Button>
      <Dialog open={open} title={`Merge “${c.name}” into another category?`} onClose={close}>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (into) merge.mutate({ id: c.id, into }, { onSuccess: close });
          }}
        >
          <SelectField
            label="Into"
            value={into}
            required
            onChange={(e) => setInto(e.target.value)}
            options={[
              { value: "", label: "Choose a category" },
              ...targets.map((t) => ({ value: t.id, label: t.name })),
            ]}
          />
          <p role="status">
            {target
              ? `${n} transaction${n === 1 ? "" : "s"} will move to “${target.name}”, and counterparts that default to “${c.name}” will default to it. “${c.name}” then leaves the list. This cannot be undone in one step.`
              : `${n} transaction${n === 1 ? "" : "s"} will move to the category you choose.`}
          </p>
          <FormError message={merge.isError ? `Not merged: ${errorMessage(merge.error)}` : null} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Keep it
            </Button>
            <Button type="submit" variant="danger" disabled={!into} pending={merge.isPending}>
              Merge {n} transaction{n === 1 ? "" : "s"}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
