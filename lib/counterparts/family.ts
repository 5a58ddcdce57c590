// Families: a counterpart has at most one parent; a link that would close a cycle is refused (422).
// A family reads as a tree from its top ancestor, each node with its own totals and the totals
// rolled up over its descendants.
import { conflict, validationFailed } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import type { Counterpart } from "@/lib/generated/prisma/client";
import { lockScope } from "@/lib/counterparts/consolidate";
import { query, totalsByRoot, type Totals } from "@/lib/counterparts/sql";

export async function setParent(db: Tx, child: Counterpart, parentId: string): Promise<Counterpart> {
  await lockScope(db, child.scopeId);
  if (parentId === child.id) throw validationFailed({ parentId: ["A counterpart cannot be its own parent"] });
  const parent = await db.counterpart.findFirst({ where: { id: parentId, scopeId: child.scopeId } });
  if (!parent) throw validationFailed({ parentId: ["No counterpart with this id in this scope"] });
  if (child.mergedIntoId || parent.mergedIntoId)
    throw conflict("Consolidated counterparts cannot join a family; use the counterpart they were consolidated into.");
  const ancestors = await query<{ id: string }>(
    db,
    `WITH RECURSIVE up AS (
       SELECT id, parent_id, 1 AS depth FROM counterparts WHERE id = $1::uuid AND scope_id = $2::uuid
       UNION ALL
       SELECT c.id, c.parent_id, up.depth + 1 FROM counterparts c JOIN up ON c.id = up.parent_id WHERE up.depth < 1000
     ) SELECT id FROM up`,
    parent.id,
    child.scopeId,
  );
  if (ancestors.some((a) => a.id === child.id)) {
    throw validationFailed({
      parentId: ["This link would make a cycle: the parent is already a descendant of this counterpart"],
    });
  }
  return db.counterpart.update({ where: { id: child.id }, data: { parentId: parent.id, updatedAt: new Date() } });
}

export async function unlinkParent(db: Tx, child: Counterpart): Promise<Counterpart> {
  return db.counterpart.update({ where: { id: child.id }, data: { parentId: null, updatedAt: new Date() } });
}

export type FamilyNode = {
  id: string;
  displayName: string;
  name: string;
  alias: string | null;
  parentId: string | null;
  totals: Totals;
  rolledUp: Totals;
  children: FamilyNode[];
};

function add(a: Totals, b: Totals): Totals {
  const sum = (x: string, y: string) => decimalAdd(x, y);
  const lastDate =
    [a.lastDate, b.lastDate]
      .filter((d): d is string => d !== null)
      .sort()
      .at(-1) ?? null;
  return { count: a.count + b.count, sumIn: sum(a.sumIn, b.sumIn), sumOut: sum(a.sumOut, b.sumOut), lastDate };
}

/** Exact decimal addition on strings (never floats): scaled BigInts. */
export function decimalAdd(x: string, y: string): string {
  const scale = Math.max((x.split(".")[1] ?? "").length, (y.split(".")[1] ?? "").length);
  const toInt = (s: string) => {
    const [whole, frac = ""] = s.split(".");
    const negative = whole.startsWith("-");
    const digits = BigInt(`${whole.replace("-", "")}${frac.padEnd(scale, "0")}`);
    return negative ? -digits : digits;
  };
  const total = toInt(x) + toInt(y);
  const negative = total < BigInt(0);
  const digits = (negative ? -total : total).toString().padStart(scale + 1, "0");
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

/** The whole family of a counterpart, from its top ancestor down. */
export async function familyTree(db: Tx, counterpart: Counterpart, accountId?: string): Promise<FamilyNode> {
  const [top] = await query<{ id: string }>(
    db,
    `WITH RECURSIVE up AS (
       SELECT id, parent_id, 1 AS depth FROM counterparts WHERE id = $1::uuid AND scope_id = $2::uuid
       UNION ALL
       SELECT c.id, c.parent_id, up.depth + 1 FROM counterparts c JOIN up ON c.id = up.parent_id WHERE up.depth < 1000
     ) SELECT id FROM up WHERE parent_id IS NULL OR depth = 1000 LIMIT 1`,
    counterpart.id,
    counterpart.scopeId,
  );
  const members = await query<{ id: string; name: string; alias: string | null; parent_id: string | null }>(
    db,
    `WITH RECURSIVE down AS (
       SELECT id, 1 AS depth FROM counterparts WHERE id = $1::uuid AND scope_id = $2::uuid
       UNION ALL
       SELECT c.id, down.depth + 1 FROM counterparts c JOIN down ON c.parent_id = down.id WHERE c.scope_id = $2::uuid AND down.depth < 1000
     ) SELECT c.id, c.name, c.alias, c.parent_id FROM down JOIN counterparts c ON c.id = down.id`,
    top?.id ?? counterpart.id,
    counterpart.scopeId,
  );
  const totals = await totalsByRoot(
    db,
    counterpart.scopeId,
    members.map((m) => m.id),
    accountId,
  );
  const zero: Totals = { count: 0, sumIn: "0", sumOut: "0", lastDate: null };
  const build = (id: string): FamilyNode => {
    const m = members.find((x) => x.id === id);
    const children = members.filter((x) => x.parent_id === id && x.id !== id).map((x) => build(x.id));
    const own = totals.get(id) ?? zero;
    return {
      id,
      name: m?.name ?? "",
      alias: m?.alias ?? null,
      displayName: m?.alias ?? m?.name ?? "",
      parentId: id === (top?.id ?? counterpart.id) ? null : (m?.parent_id ?? null),
      totals: own,
      rolledUp: children.reduce((acc, child) => add(acc, child.rolledUp), own),
      children,
    };
  };
  return build(top?.id ?? counterpart.id);
}
