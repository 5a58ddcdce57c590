// A transaction's category as a small pill in its row; nothing when it has none.
import type { Transaction } from "@/lib/client/accounts";

export function CategoryPill({ category }: { category: Transaction["category"] }) {
  if (!category) return null;
  return (
    <span
      data-testid="category-pill"
      className="inline-block max-w-[10rem] truncate rounded-full bg-sky-50 px-1.5 align-bottom font-medium text-sky-800 ring-1 ring-inset ring-sky-200"
    >
      <span className="sr-only">Category: </span>
      {category.name}
    </span>
  );
}
