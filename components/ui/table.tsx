import { isValidElement, type CSSProperties, type ReactNode } from "react";
import { cx } from "@/components/ui/cx";

/** A column's visible name, when it has one (a string, or an element whose children are one and which is not sr-only). */
function visibleLabel(head: ReactNode): string | null {
  if (typeof head === "string") return head;
  if (!isValidElement<{ className?: string; children?: ReactNode }>(head)) return null;
  if (head.props.className?.split(" ").includes("sr-only")) return null;
  return typeof head.props.children === "string" ? head.props.children : null;
}

/**
 * The custom properties that name each column on a phone, where the rows stack (ll-stack in
 * app/globals.css): --ll-col-N is the Nth column's name as a CSS string.
 */
export function stackLabels(heads: ReactNode[]): CSSProperties {
  const style: Record<string, string> = {};
  heads.forEach((h, i) => {
    const label = visibleLabel(h);
    if (label) style[`--ll-col-${i + 1}`] = JSON.stringify(label);
  });
  return style;
}

/**
 * A data table. On a phone its rows stack (one block per row, each cell a line under its column's
 * name), so it never scrolls sideways; wider, it scrolls inside its own box, which is the positioned
 * ancestor of its sr-only texts (they would otherwise widen the page).
 */
export function Table({
  caption,
  head,
  actions = false,
  children,
}: {
  caption: string;
  head: ReactNode[];
  /** A last column of buttons, named for screen readers only. */
  actions?: boolean;
  children: ReactNode;
}) {
  const columns = actions ? [...head, <span className="sr-only">Actions</span>] : head;
  return (
    <div className="relative overflow-x-auto">
      <table className="ll-stack min-w-full divide-y divide-slate-200 text-sm" style={stackLabels(columns)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((h, i) => (
              <th
                key={i}
                scope="col"
                className="px-5 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500"
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
      </table>
    </div>
  );
}

export function Td({ children, className }: { children: ReactNode; className?: string }) {
  return <td className={cx("whitespace-nowrap px-5 py-3 text-slate-700", className)}>{children}</td>;
}
