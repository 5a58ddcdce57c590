// A scope's categories as the options of a plain <select>: parents each followed by their children,
// a child indented under its parent (a <select> cannot nest groups one level inside options that are
// themselves choosable). Archived ones are offered only where the current value is one.
import type { Option } from "@/components/ui/field";
import type { Category } from "@/lib/client/categories";

const INDENT = "\u00a0\u00a0\u00a0\u00a0";

/** Options for `categories` (in the API's order), keeping `current` even when it is archived. */
export function categoryOptions(categories: readonly Category[], current?: string | null): Option[] {
  return categories
    .filter((c) => !c.archived || c.id === current)
    .map((c) => ({
      value: c.id,
      label: `${c.parentId ? INDENT : ""}${c.name}${c.archived ? " (archived)" : ""}`,
    }));
}

/** The top-level categories a category may go under (not archived; not itself). */
export const parentsFor = (all: readonly Category[], self?: string) =>
  all.filter((c) => !c.parentId && !c.archived && c.id !== self);
