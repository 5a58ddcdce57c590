"use client";
// A transaction's category in its detail: the scope's categories to choose from, and who chose the
// current one. A person's choice (or clearing) is kept across syncs and wins over rules and the
// counterpart's default; viewers read it.
import { useState } from "react";
import { CategoryChoiceForm } from "@/components/categories/category-choice-form";
import { SuggestionBanner } from "@/components/rules/rule-suggestions";
import type { Transaction } from "@/lib/client/accounts";
import { categoryLabel, useCategories, useSetTransactionCategory } from "@/lib/client/categories";

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
  if (!canEdit)
    return (
      <p className="text-sm text-slate-700">
        {shown.category ? categoryLabel(shown.category, categories.data) : "No category."}{" "}
        <span className="text-slate-600">{sourceText(shown)}</span>
      </p>
    );
  return (
    <>
      <CategoryChoiceForm
        label="Category"
        noneLabel="No category"
        current={t.category?.id ?? null}
        hint={sourceText(shown)}
        saveLabel="Save category"
        save={async (categoryId) => {
          const updated = await set.mutateAsync({ id: t.id, categoryId });
          setShown(updated);
          return updated.category ? `Saved: ${updated.category.name}.` : "Saved: no category.";
        }}
      />
      {/* After a person's choice: the rule it suggests, if this makes two for the counterpart. */}
      {shown !== t && shown.categorySource === "person" && <SuggestionBanner categoryId={shown.category?.id ?? null} />}
    </>
  );
}
