"use client";
// The Transactions page's two views: the list of every transaction, and the money by category and
// month. Links (the view is in the URL: shareable, and Back returns to it), the current one marked.
import { AppLink } from "@/components/ui/app-link";
import { useSearchParams } from "next/navigation";
import { focusRing } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";

export type TransactionsView = "list" | "categories";

export function useTransactionsView(): TransactionsView {
  return useSearchParams().get("view") === "categories" ? "categories" : "list";
}

const VIEWS = [
  { view: "list", label: "All transactions", href: "/transactions" },
  { view: "categories", label: "By category", href: "/transactions?view=categories" },
] as const;

export function ViewSwitch({ current }: { current: TransactionsView }) {
  return (
    <nav aria-label="Transactions views" className="mb-4 flex gap-1 rounded-lg bg-slate-100 p-1 text-sm sm:inline-flex">
      {VIEWS.map((v) => (
        <AppLink
          key={v.view}
          href={v.href}
          aria-current={v.view === current ? "page" : undefined}
          className={cx(
            "flex-1 rounded-md px-3 py-1.5 text-center font-medium",
            v.view === current ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
            focusRing,
          )}
        >
          {v.label}
        </AppLink>
      ))}
    </nav>
  );
}
