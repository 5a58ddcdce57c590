import { describe, expect, it } from "vitest";
import { chooseProfile, targetKey, type ProfileTargetFields } from "@/lib/datasets/resolution";

type P = ProfileTargetFields & { name: string };
const p = (name: string, over: Partial<ProfileTargetFields>): P => ({
  name,
  target: "global",
  entityType: null,
  entityId: null,
  profession: null,
  subProfession: null,
  isDefault: true,
  ...over,
});
const globalDefault = p("global", {});
const entity = p("entity", { target: "entity", entityType: "client", entityId: "42" });
const profession = p("lawyers", { target: "profession", profession: "lawyer" });
const sub = p("tax lawyers", { target: "profession", profession: "lawyer", subProfession: "tax" });
const all = [globalDefault, entity, profession, sub];
const pick = (candidates: P[], ctx: Parameters<typeof chooseProfile>[1]) => {
  const chosen = chooseProfile(candidates, ctx);
  return chosen && `${chosen.profile.name}/${chosen.matchedBy}`;
};

describe("chooseProfile", () => {
  it("entity beats profession beats global default", () => {
    const ctx = { entityType: "client", entityId: "42", profession: "lawyer", subProfession: "tax" };
    expect(pick(all, ctx)).toBe("entity/entity");
    expect(pick([globalDefault, profession, sub], ctx)).toBe("tax lawyers/sub_profession");
    expect(pick([globalDefault, profession], ctx)).toBe("lawyers/profession");
    expect(pick([globalDefault], ctx)).toBe("global/global");
  });

  it("matches only the entity and profession of the context", () => {
    expect(pick(all, { entityType: "client", entityId: "43" })).toBe("global/global");
    expect(pick(all, { entityType: "supplier", entityId: "42" })).toBe("global/global");
    expect(pick(all, { profession: "notary" })).toBe("global/global");
    expect(pick(all, { profession: "lawyer" })).toBe("lawyers/profession");
    expect(pick(all, { profession: "lawyer", subProfession: "family" })).toBe("lawyers/profession");
  });

  it("ignores profiles that are not defaults; no default at all → null", () => {
    expect(pick([{ ...entity, isDefault: false }, globalDefault], { entityType: "client", entityId: "42" })).toBe(
      "global/global",
    );
    expect(pick([{ ...globalDefault, isDefault: false }], {})).toBeNull();
    expect(pick([], {})).toBeNull();
  });

  it("gives each target its own lock key", () => {
    const keys = new Set(all.map((x) => targetKey("s", x)));
    expect(keys.size).toBe(4);
    expect(targetKey("s", entity)).not.toBe(targetKey("t", entity));
  });
});
