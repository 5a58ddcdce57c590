// Which profile governs a lookup: an explicitly named profile, else the default profile of the
// most specific target that matches the context — entity, then profession with its
// sub-profession, then the profession alone, then the global default. Pure, so it is unit-tested.
export type ProfileTargetFields = {
  target: "global" | "entity" | "profession";
  entityType: string | null;
  entityId: string | null;
  profession: string | null;
  subProfession: string | null;
  isDefault: boolean;
};

type LookupContext = {
  entityType?: string | null;
  entityId?: string | null;
  profession?: string | null;
  subProfession?: string | null;
};

export type MatchedBy = "explicit" | "entity" | "sub_profession" | "profession" | "global";

export function chooseProfile<T extends ProfileTargetFields>(
  candidates: T[],
  context: LookupContext,
): { profile: T; matchedBy: MatchedBy } | null {
  const defaults = candidates.filter((p) => p.isDefault);
  const sameProfession = (p: T) =>
    p.target === "profession" && !!context.profession && p.profession === context.profession;
  const steps: [MatchedBy, (p: T) => boolean][] = [
    [
      "entity",
      (p) =>
        p.target === "entity" &&
        !!context.entityType &&
        p.entityType === context.entityType &&
        p.entityId === context.entityId,
    ],
    [
      "sub_profession",
      (p) => sameProfession(p) && !!context.subProfession && p.subProfession === context.subProfession,
    ],
    ["profession", (p) => sameProfession(p) && p.subProfession === null],
    ["global", (p) => p.target === "global"],
  ];
  for (const [matchedBy, matches] of steps) {
    const profile = defaults.find(matches);
    if (profile) return { profile, matchedBy };
  }
  return null;
}

/** The advisory-lock key of a profile's target: one default per key. */
export function targetKey(scopeId: string, p: Omit<ProfileTargetFields, "isDefault">): string {
  return [
    "dataset_profiles",
    scopeId,
    p.target,
    p.entityType ?? "",
    p.entityId ?? "",
    p.profession ?? "",
    p.subProfession ?? "",
  ].join("\u001f");
}
