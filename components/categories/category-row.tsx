"use client";
// One category in the settings list: its name (renamed in place), how many transactions it has,
// and its moves: under another top-level category or to the top, merge into another (confirmed
// with the number of transactions that move), archive or restore. A child is indented.
import { useState } from "react";
import { parentsFor } from "@/components/categories/category-options";
import { MergeCategoryButton } from "@/components/categories/merge-category";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { useUpdateCategory, type Category, type CategoryChange } from "@/lib/client/categories";
import { errorMessage } from "@/lib/client/errors";

const count = (n: number | undefined) => `${n ?? 0} transaction${n === 1 ? "" : "s"}`;

export function CategoryRow({ category: c, all }: { category: Category; all: Category[] }) {
  const update = useUpdateCategory();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(c.name);
  const hasChildren = all.some((x) => x.parentId === c.id);
  const change = (body: CategoryChange, after?: () => void) =>
    update.mutate({ id: c.id, ...body }, { onSuccess: after });
  return (
    <li className={cx("space-y-2 px-5 py-3", c.parentId && "pl-10 sm:pl-12")} data-testid="category-row">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {renaming ? (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              change({ name: name.trim() }, () => setRenaming(false));
            }}
          >
            <TextField
              label={`New name for ${c.name}`}
              required
              maxLength={80}
              value={name}
              autoFocus
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Escape") setRenaming(false);
              }}
            />
            <Button type="submit" size="sm" pending={update.isPending}>
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setRenaming(false)}>
              Cancel
            </Button>
          </form>
        ) : (
          <>
            <span className={cx("font-medium", c.archived ? "text-slate-500" : "text-slate-900")}>{c.name}</span>
            {c.archived && <Badge>archived</Badge>}
            <span className="text-xs text-slate-600">{count(c.transactionCount)}</span>
          </>
        )}
      </div>
      {!renaming && (
        <div className="flex flex-wrap items-end gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setName(c.name);
              setRenaming(true);
            }}
          >
            Rename<span className="sr-only"> {c.name}</span>
          </Button>
          {!hasChildren && (
            <SelectField
              label={`Move ${c.name}`}
              className="w-full sm:w-56 [&_label]:sr-only"
              value={c.parentId ?? ""}
              disabled={update.isPending}
              onChange={(e) => change({ parentId: e.target.value || null })}
              options={[
                { value: "", label: "At the top level" },
                ...parentsFor(all, c.id).map((p) => ({ value: p.id, label: `Under ${p.name}` })),
              ]}
            />
          )}
          {!c.archived && <MergeCategoryButton category={c} all={all} />}
          <Button
            size="sm"
            variant="ghost"
            pending={update.isPending}
            onClick={() => change({ archived: !c.archived })}
          >
            {c.archived ? "Restore" : "Archive"}
            <span className="sr-only"> {c.name}</span>
          </Button>
        </div>
      )}
      <FormError message={update.isError ? `Not changed: ${errorMessage(update.error)}` : null} />
    </li>
  );
}
