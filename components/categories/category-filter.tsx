"use client";
// The Category filter beside the other transaction filters: any, none, or one category (a parent
// takes its children's rows too, as the API does). Archived categories stay choosable here: their
// rows keep them.
import { categoryOptions } from "@/components/categories/category-options";
import { SelectField } from "@/components/ui/field";
import { useCategories } from "@/lib/client/categories";

export function CategoryFilter({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  className?: string;
}) {
  const categories = useCategories();
  const all = categories.data ?? [];
  return (
    <SelectField
      label="Category"
      className={className}
      value={value}
      onChange={onChange}
      options={[
        { value: "", label: "Any category" },
        { value: "none", label: "No category" },
        ...categoryOptions(
          all.map((c) => ({ ...c, archived: false })),
          value,
        ),
      ]}
    />
  );
}
