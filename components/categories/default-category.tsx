"use client";
// A counterpart's default category, on its page: the category its transactions take when no person
// and no rule chose one. Saving says how many of its transactions followed; viewers read it.
import { useState } from "react";
import { categoryOptions } from "@/components/categories/category-options";
import { ActionStatus, outcome, type ActionOutcome } from "@/components/ui/action-status";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { categoryLabel, useCategories, useSetCounterpartDefaultCategory } from "@/lib/client/categories";
import { errorMessage } from "@/lib/client/errors";

const plural = (n: number) => `${n} transaction${n === 1 ? "" : "s"}`;

export function DefaultCategory({
  counterpartId,
  current,
  canEdit,
}: {
  counterpartId: string;
  current: string | null;
  canEdit: boolean;
}) {
  const categories = useCategories();
  const set = useSetCounterpartDefaultCategory();
  const [choice, setChoice] = useState(current ?? "");
  const [saved, setSaved] = useState<ActionOutcome | null>(null);
  const list = categories.data ?? [];
  if (!canEdit) {
    const now = list.find((c) => c.id === current);
    return <p className="mt-1 text-slate-600">{now ? categoryLabel(now, list) : "None."}</p>;
  }
  return (
    <form
      className="mt-1 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(null);
        set.mutate(
          { id: counterpartId, categoryId: choice || null },
          {
            onSuccess: (r) =>
              setSaved(
                outcome(
                  r.defaultCategoryId
                    ? `Saved. ${plural(r.transactionsChanged)} took it.`
                    : `Cleared. ${plural(r.transactionsChanged)} no longer have it.`,
                ),
              ),
            onError: (error) => setSaved(outcome(`Not saved: ${errorMessage(error)}`, "error")),
          },
        );
      }}
    >
      <SelectField
        label="Default category"
        value={choice}
        disabled={categories.isLoading}
        hint="Its transactions take it unless a person or a rule chose another."
        options={[{ value: "", label: "None" }, ...categoryOptions(list, current)]}
        onChange={(e) => setChoice(e.target.value)}
      />
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" variant="secondary" pending={set.isPending}>
          Save default
        </Button>
        <ActionStatus outcome={saved} />
      </div>
    </form>
  );
}
