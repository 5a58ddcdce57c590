// A new scope starts with the default categories, children under their parents; provisioning again
// adds only what is missing and keeps an admin's rename.
import { describe, expect, it } from "vitest";
import { DEFAULT_CATEGORIES } from "@/lib/categories/defaults";
import { provisionCategories } from "@/lib/categories/provision";
import { prisma } from "@/lib/db/client";
import { trackingPerson } from "@/testing/support/consent-flow";

describe("default categories", () => {
  it("a scope made by sign-up has the default set, one level deep, and provisioning again changes nothing", async () => {
    const { person } = await trackingPerson("categories");
    const made = await prisma().category.findMany({ where: { scopeId: person.scopeId } });
    expect(made.map((c) => c.key).sort()).toEqual(DEFAULT_CATEGORIES.map((c) => c.key).sort());
    const byKey = new Map(made.map((c) => [c.key, c]));
    for (const d of DEFAULT_CATEGORIES) {
      const parentId = byKey.get(d.key)?.parentId ?? null;
      expect(parentId, d.key).toBe(d.parent ? byKey.get(d.parent)?.id : null);
    }

    await prisma().category.update({ where: { id: byKey.get("rent")!.id }, data: { name: "Office rent" } });
    await prisma().$transaction((tx) => provisionCategories(tx, person.scopeId));
    const again = await prisma().category.findMany({ where: { scopeId: person.scopeId } });
    expect(again).toHaveLength(made.length);
    expect(again.find((c) => c.key === "rent")?.name).toBe("Office rent");
  });
});
