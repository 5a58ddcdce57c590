// Families: a counterpart has at most one parent; a link that would close a cycle is refused (422).
// A family reads as a tree from its top ancestor, each node with its own totals and the totals
// rolled up over its descendants.
import { conflict, validationFailed } from "@/lib/errors";
import type { Audited } from "@/lib/audit/audited-change";
import { counterpartChange } from "@/lib/counterparts/edit";
import type { Tx } from "@/lib/db/client";
import type { Counterpart } from "@/lib/generated/prisma/client";
import { lockScope } from "@/lib/counterparts/consolidate";
import { totalsByRoot, type CurrencyTotals, type Totals } from "@/lib/counterparts/sql";
import { query } from "@/lib/db/sql";
import { decimalAdd } from "@/lib/money/decimal";

type FamilyLink = Audited<Counterpart> & { child: Counterpart };

/** Links a child to a parent, under the scope's counterpart lock (no two links can close a cycle). */
export function setParent({ child, parentId, ...audited }: FamilyLink & { parentId: string }) {
  const check = (tx: Tx) => checkParent(tx, child, parentId);
  return counterpartChange({ ...audited, record: child, action: "counterpart.parent_set", data: { parentId }, check });
}

async function checkParent(db: Tx, child: Counterpart, parentId: string): Promise<void> {
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
}

export function unlinkParent({ child, ...audited }: FamilyLink) {
  return counterpartChange({
    ...audited,
    record: child,
    action: "counterpart.parent_unlinked",
    data: { parentId: null },
  });
}

export type FamilyNode = {
  id: string;
  displayName: string;
  name: string;
  alias: string | null;
  parentId: string | null;
  /** Only when the whole family's transactions (in the filter) share one currency. */
  totals?: Totals;
  rolledUp?: Totals;
  totalsByCurrency: CurrencyTotals[];
  rolledUpByCurrency: CurrencyTotals[];
  children: FamilyNode[];
};

/** Adds totals currency by currency; sums of different currencies are never added. */
function addByCurrency(a: CurrencyTotals[], b: CurrencyTotals[]): CurrencyTotals[] {
  const out = new Map(a.map((t) => [t.currency, t]));
  for (const t of b) {
    const mine = out.get(t.currency);
    out.set(
      t.currency,
      mine
        ? {
            currency: t.currency,
            count: mine.count + t.count,
            sumIn: decimalAdd(mine.sumIn, t.sumIn),
            sumOut: decimalAdd(mine.sumOut, t.sumOut),
            lastDate:
              [mine.lastDate, t.lastDate]
                .filter((d) => d !== null)
                .sort()
                .at(-1) ?? null,
          }
        : t,
    );
  }
  return [...out.values()].sort((x, y) => (x.currency < y.currency ? -1 : 1));
}

function single(byCurrency: CurrencyTotals[]): Totals {
  const [only] = byCurrency;
  return only
    ? { count: only.count, sumIn: only.sumIn, sumOut: only.sumOut, lastDate: only.lastDate }
    : { count: 0, sumIn: "0", sumOut: "0", lastDate: null };
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
  const currencies = new Set([...totals.values()].flat().map((t) => t.currency));
  // One currency (or none): the single figures too, as before; several: per currency only.
  const withSingle = (node: FamilyNode): FamilyNode =>
    currencies.size > 1
      ? node
      : {
          ...node,
          totals: single(node.totalsByCurrency),
          rolledUp: single(node.rolledUpByCurrency),
          children: node.children.map(withSingle),
        };
  const build = (id: string): FamilyNode => {
    const m = members.find((x) => x.id === id);
    const children = members.filter((x) => x.parent_id === id && x.id !== id).map((x) => build(x.id));
    const own = totals.get(id) ?? [];
    return {
      id,
      name: m?.name ?? "",
      alias: m?.alias ?? null,
      displayName: m?.alias ?? m?.name ?? "",
      parentId: id === (top?.id ?? counterpart.id) ? null : (m?.parent_id ?? null),
      totalsByCurrency: own,
      rolledUpByCurrency: children.reduce((acc, child) => addByCurrency(acc, child.rolledUpByCurrency), own),
      children,
    };
  };
  return withSingle(build(top?.id ?? counterpart.id));
}
