// Dataset profiles: CRUD, the one-default-per-target rule and the usage counter. Every query
// filters by scope_id. Setting a default clears the target's previous default under a
// transaction-level advisory lock on the target; the partial unique index is the final guard.
import { notFound, validationFailed } from "@/lib/errors";
import { createdAtKeyset } from "@/lib/pagination";
import type { AuditActor } from "@/lib/audit/actor";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import type { Capability } from "@/lib/auth/capabilities";
import type { Tx } from "@/lib/db/client";
import { execute } from "@/lib/db/sql";
import { transaction, type Commit } from "@/lib/db/transaction";
import type { DatasetProfile } from "@/lib/generated/prisma/client";
import { targetKey } from "@/lib/datasets/resolution";
import type { ListProfilesFilter, ProfileInput } from "@/lib/datasets/schemas";

const EMPTY_REGISTRY_MESSAGE =
  "No subset types are registered in this scope, so no profile can be built yet. This is a provisioning gap, not a permissions problem: ask the platform operator to provision the data registry.";

/** A profile's definition: what it selects, from whom, for whom (what the audit trail records; not its use). */
const profileFields = (p: DatasetProfile) => ({
  name: p.name,
  target: p.target,
  entityType: p.entityType,
  entityId: p.entityId,
  profession: p.profession,
  subProfession: p.subProfession,
  subsetSelection: p.subsetSelection,
  providerPriorities: p.providerPriorities,
  isDefault: p.isDefault,
});

/** The API's profile: its definition (the target named `scope`, as the API says it), use and times. */
export function serializeProfile(p: DatasetProfile) {
  const { name, target, ...definition } = profileFields(p);
  return {
    id: p.id,
    name,
    scope: target,
    ...definition,
    usageCount: p.usageCount,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** Every selected subset must be in the scope's registry; an empty registry says so explicitly. */
async function assertRegisteredSubsets(db: Tx, scopeId: string, selection: string[]) {
  const registered = new Set(
    (await db.subsetType.findMany({ where: { scopeId }, select: { key: true } })).map((t) => t.key),
  );
  if (registered.size === 0)
    throw validationFailed({ subsetSelection: [EMPTY_REGISTRY_MESSAGE] }, EMPTY_REGISTRY_MESSAGE);
  const unknown = selection.filter((s) => !registered.has(s));
  if (unknown.length) {
    throw validationFailed({
      subsetSelection: [
        `Not a registered subset type: ${unknown.join(", ")}. Registered: ${[...registered].join(", ")}`,
      ],
    });
  }
}

function targetWhere(scopeId: string, input: ProfileInput) {
  return {
    scopeId,
    target: input.target,
    entityType: input.entityType,
    entityId: input.entityId,
    profession: input.profession,
    subProfession: input.subProfession,
  };
}

/** Serialises default changes per target, then clears the target's other default. */
async function clearDefault(db: Tx, scopeId: string, input: ProfileInput, exceptId: string | null) {
  const key = targetKey(scopeId, input);
  await execute(db, "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", key);
  await db.datasetProfile.updateMany({
    where: { ...targetWhere(scopeId, input), isDefault: true, ...(exceptId ? { id: { not: exceptId } } : {}) },
    data: { isDefault: false },
  });
}

type Authorize = (capability: Capability) => void;
type ProfileAnswer = ReturnType<typeof serializeProfile>;
type NewProfile = { scopeId: string; createdById: string | null; input: ProfileInput; authorize: Authorize };

/** create-profile, the verb (a default one needs profiles.write_default, and replaces the target's). */
export function createProfile({
  scopeId,
  createdById,
  input,
  authorize,
  actor,
  commit = transaction,
}: NewProfile & Audited<ProfileAnswer>) {
  if (input.isDefault) authorize("profiles.write_default");
  return commit(async (db) => {
    await assertRegisteredSubsets(db, scopeId, input.subsetSelection);
    if (input.isDefault) await clearDefault(db, scopeId, input, null);
    const { target, ...rest } = input;
    const row = await db.datasetProfile.create({ data: { ...rest, target, scopeId, createdById } });
    await recordAudit(db, scopeId, actor, {
      action: "dataset_profile.created",
      recordType: "dataset_profile",
      recordId: row.id,
      after: profileFields(row),
    });
    return serializeProfile(row);
  });
}

export async function findProfile(db: Tx, scopeId: string, id: string) {
  const row = await db.datasetProfile.findFirst({ where: { id, scopeId } });
  if (!row) throw notFound("Dataset profile");
  return row;
}

type ProfileChange = { existing: DatasetProfile; authorize: Authorize } & Audited<ProfileAnswer>;

/** PUT replaces the profile (found, profiles.write checked). A default one, or making one default, needs profiles.write_default. */
export function updateProfile({
  existing,
  raw,
  authorize,
  actor,
  commit = transaction,
}: ProfileChange & { raw: () => ProfileInput }) {
  if (existing.isDefault) authorize("profiles.write_default");
  const input = raw();
  if (input.isDefault) authorize("profiles.write_default");
  return commit((db) => replace(db, existing, input, actor));
}

async function replace(db: Tx, existing: DatasetProfile, input: ProfileInput, actor: AuditActor) {
  const { id, scopeId } = existing;
  await assertRegisteredSubsets(db, scopeId, input.subsetSelection);
  if (input.isDefault) await clearDefault(db, scopeId, input, id);
  const { target, ...rest } = input;
  const row = await db.datasetProfile.update({ where: { id }, data: { ...rest, target } });
  await recordAudit(db, scopeId, actor, {
    action: row.isDefault && !existing.isDefault ? "dataset_profile.made_default" : "dataset_profile.updated",
    recordType: "dataset_profile",
    recordId: id,
    before: profileFields(existing),
    after: profileFields(row),
  });
  return serializeProfile(row);
}

/** Deletes the profile (found, profiles.write checked); a default one needs profiles.write_default. */
export function deleteProfile({ existing, authorize, actor, commit = transaction }: ProfileChange & Audited<void>) {
  if (existing.isDefault) authorize("profiles.write_default");
  return commit(async (db) => {
    await db.datasetProfile.delete({ where: { id: existing.id } });
    await recordAudit(db, existing.scopeId, actor, {
      action: "dataset_profile.deleted",
      recordType: "dataset_profile",
      recordId: existing.id,
      before: profileFields(existing),
    });
  });
}

/** One atomic UPDATE: concurrent increments never lose a count. */
export function incrementUsage({
  profile,
  commit = transaction,
}: {
  profile: DatasetProfile;
  commit?: Commit<ProfileAnswer>;
}) {
  const { id, scopeId } = profile;
  return commit(async (db) => {
    const { count } = await db.datasetProfile.updateMany({
      where: { id, scopeId },
      data: { usageCount: { increment: 1 } },
    });
    if (count === 0) throw notFound("Dataset profile");
    return serializeProfile(await findProfile(db, scopeId, id));
  });
}

/** Newest first, keyset over (created_at, id), filtered by the profile's target fields. */
export async function listProfiles(db: Tx, scopeId: string, q: ListProfilesFilter) {
  const keyset = createdAtKeyset(
    {
      name: `profiles:${scopeId}`,
      filters: {
        scope: q.scope,
        entity_type: q.entity_type,
        entity_id: q.entity_id,
        profession: q.profession,
        sub_profession: q.sub_profession,
        is_default: q.is_default,
      },
    },
    q,
    "desc",
  );
  const rows = await db.datasetProfile.findMany(
    keyset.args({
      scopeId,
      ...(q.scope ? { target: q.scope } : {}),
      ...(q.entity_type ? { entityType: q.entity_type } : {}),
      ...(q.entity_id ? { entityId: q.entity_id } : {}),
      ...(q.profession ? { profession: q.profession } : {}),
      ...(q.sub_profession ? { subProfession: q.sub_profession } : {}),
      ...(q.is_default !== undefined ? { isDefault: q.is_default } : {}),
    }),
  );
  const page = keyset.page(rows);
  return { items: page.items.map(serializeProfile), meta: page.meta };
}
