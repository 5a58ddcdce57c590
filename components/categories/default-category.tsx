"use client";
// A counterpart's default category, on its page: the category its transactions take when no person
// and no rule chose one. Saving says how many of its transactions followed; viewers read it.
import { CategoryChoiceForm } from "@/components/categories/category-choice-form";
import { categoryLabel, useCategories, useSetCounterpartDefaultCategory } from "@/lib/client/categories";

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
  if (!canEdit) {
    const now = categories.data?.find((c) => c.id === current);
    return <p className="mt-1 text-slate-600">{now ? categoryLabel(now, categories.data) : "None."}</p>;
  }
  return (
    <CategoryChoiceForm
      className="mt-1 space-y-2"
      label="Default category"
      noneLabel="None"
      current={current}
      hint="Its transactions take it unless a person or a rule chose another."
      saveLabel="Save default"
      save={async (categoryId) => {
        const r = await set.mutateAsync({ id: counterpartId, categoryId });
        return r.defaultCategoryId
          ? `Saved. ${plural(r.transactionsChanged)} took it.`
          : `Cleared. ${plural(r.transactionsChanged)} no longer have it.`;
      }}
    />
  );
}
