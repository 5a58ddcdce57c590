"use client";
// A transaction's category in its detail: a select of the scope's categories and its Save button,
// and who chose the current one. A person's choice (or clearing) is kept across syncs and wins over
// rules and the counterpart's default; viewers read it.
import { useState } from "react";
import { categoryOptions } from "@/components/categories/category-options";
import { ActionStatus, outcome, type ActionOutcome } from "@/components/ui/action-status";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import type { Transaction } from "@/lib/client/accounts";
import { categoryLabel, useCategories, useSetTransactionCategory } from "@/lib/client/categories";
import { errorMessage } from "@/lib/client/errors";

const SOURCE: Record<string, string> = {
  person: "Chosen by a person: kept across syncs, and no rule or counterpart default changes it.",
  rule: "Set by a rule. Choose another to override it for good.",
  counterpart: "From the counterpart's default category. Choose another to override it for good.",
};

function sourceText(t: Pick<Transaction, "category" | "categorySource">): string {
  if (t.categorySource === "person" && !t.category) return "Cleared by a person: nothing fills it in again.";
  if (!t.categorySource) return "Not categorised yet.";
  return SOURCE[t.categorySource];
}

export function CategoryPicker({ transaction: t, canEdit }: { transaction: Transaction; canEdit: boolean }) {
  const categories = useCategories();
  const set = useSetTransactionCategory();
  const [shown, setShown] = useState(t);
  const [choice, setChoice] = useState(t.category?.id ?? "");
  const [saved, setSaved] = useState<ActionOutcome | null>(null);
  const list = categories.data ?? [];
  if (!canEdit)
    return (
      <p className="text-sm text-slate-700">
        {shown.category ? categoryLabel(shown.category, list) : "No category."}{" "}
        <span className="text-slate-600">{sourceText(shown)}</span>
      </p>
    );
  // Saved with a button, not on change: arrowing through a closed select changes its value each step.
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        const categoryId = choice || null;
        setSaved(null);
        set.mutate(
          { id: t.id, categoryId },
          {
            onSuccess: (updated) => {
              setShown(updated);
              setSaved(outcome(updated.category ? `Saved: ${updated.category.name}.` : "Saved: no category."));
            },
            onError: (error) => setSaved(outcome(`Not saved: ${errorMessage(error)}`, "error")),
          },
        );
      }}
    >
      <SelectField
        label="Category"
        value={choice}
        disabled={categories.isLoading}
        hint={categories.isError ? "The categories could not be loaded; try again later." : sourceText(shown)}
        options={[{ value: "", label: "No category" }, ...categoryOptions(list, shown.category?.id)]}
        onChange={(e) => setChoice(e.target.value)}
      />
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" variant="secondary" pending={set.isPending}>
          Save category
        </Button>
        <ActionStatus outcome={saved} />
      </div>
    </form>
  );
}
