import type { ReactNode } from "react";
import { cx } from "@/components/ui/cx";

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section className={cx("overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200", className)}>
      {children}
    </section>
  );
}

type HeaderProps = { title: string; description?: ReactNode; action?: ReactNode };

export function CardHeader({ title, description, action }: HeaderProps) {
  return (
    <Header
      className="items-baseline gap-x-3 gap-y-1 border-b border-slate-100 px-4 py-3 sm:items-start sm:px-5 sm:py-4"
      heading={<h2 className="text-base font-semibold text-slate-900">{title}</h2>}
      description={description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      action={action}
    />
  );
}

export function PageHeader({ title, description, action }: HeaderProps) {
  return (
    <Header
      // On a phone a small action (a menu button) stays beside the title instead of taking a row of
      // its own: the heading gives way down to 15rem; a wider action still wraps under it.
      className="mb-4 items-start gap-4 sm:mb-6 sm:items-end"
      headingClassName="min-w-0 flex-1 basis-60"
      heading={
        // tabIndex -1: focus moves here after a client-side navigation (components/shell/route-focus).
        <h1 tabIndex={-1} className="text-2xl font-semibold tracking-tight text-slate-900 focus:outline-none">
          {title}
        </h1>
      }
      description={description && <p className="mt-1 max-w-2xl text-sm text-slate-600">{description}</p>}
      action={action}
    />
  );
}

/** A heading with its description, and an action at the far end (wrapping under it when narrow). */
function Header({
  className,
  headingClassName,
  heading,
  description,
  action,
}: {
  className: string;
  headingClassName?: string;
  heading: ReactNode;
  description: ReactNode;
  action: ReactNode;
}) {
  return (
    <div className={cx("flex flex-wrap justify-between", className)}>
      <div className={headingClassName}>
        {heading}
        {description}
      </div>
      {action}
    </div>
  );
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="px-6 py-12 text-center">
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      {children && <div className="mx-auto mt-1 max-w-md text-sm text-slate-500">{children}</div>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cx("block animate-pulse rounded bg-slate-200/70", className)} />;
}

export function SkeletonRows({ rows = 3, label = "Loading" }: { rows?: number; label?: string }) {
  return (
    <div className="space-y-3 px-5 py-5" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-5 w-full" />
      ))}
    </div>
  );
}

const BADGE_TONES = {
  slate: "bg-slate-100 text-slate-700 ring-slate-200",
  indigo: "bg-indigo-50 text-indigo-700 ring-indigo-200",
  green: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  red: "bg-red-50 text-red-700 ring-red-200",
} as const;

export function Badge({ children, tone = "slate" }: { children: ReactNode; tone?: keyof typeof BADGE_TONES }) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        BADGE_TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
