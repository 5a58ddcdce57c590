// The rest of the audited changes, through the routes on the sandbox `namesakes` user synced over
// HTTP: entity and family links, transaction bindings and transfer marks, automatic updates, a
// consent renewal, dataset profiles (made default, then deleted), a member removed and a personal
// token revoked. Each is one row with only the changed fields; a change that changes nothing
// (revoking a revoked token) writes none. With the other files of this folder, every action of
// lib/audit/actions.ts is shown written.
import { beforeAll, describe, expect, it } from "vitest";
import * as autoUpdateRoute from "@/app/api/accounttracking/v1/accounts/[id]/auto-update/route";
import * as entityRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/entity/route";
import * as parentRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/parent/route";
import * as renewRoute from "@/app/api/accounttracking/v1/consents/[consent]/renew/route";
import * as bindRoute from "@/app/api/accounttracking/v1/transactions/[transactionId]/counterpart/route";
import * as transferRoute from "@/app/api/accounttracking/v1/transactions/[transactionId]/transfer/route";
import * as personalToken from "@/app/api/auth/v1/personal-tokens/[id]/route";
import * as personalTokens from "@/app/api/auth/v1/personal-tokens/route";
import * as profileRoute from "@/app/api/datasets/v1/profiles/[id]/route";
import * as memberRoute from "@/app/api/scopes/v1/members/[userId]/route";
import * as eventsRoute from "@/app/api/audit/v1/events/route";
import { AUDIT_ACTIONS } from "@/lib/audit/actions";
import { prisma } from "@/lib/db/client";
import { listAll, withSyncedNamesakes, type SyncedNamesakes } from "@/testing/support/counterparts";
import { createProfile, globalProfile } from "@/testing/support/datasets/profile-helpers";
import { addMember, makePerson } from "@/testing/support/fixtures";
import { call, type CallResult } from "@/testing/support/http";

type Event = {
  action: string;
  record: { type: string; id: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

let ctx: SyncedNamesakes;
withSyncedNamesakes((synced) => {
  ctx = synced;
});

const ok = (res: CallResult, status = 200) => expect(res.status, res.text).toBe(status);
let trail: Event[];
const ids: Record<string, string> = {};

beforeAll(async () => {
  const h = ctx.headers;
  const [child, parent] = await listAll(h, ctx.account.id);
  ids.child = child.id;
  ids.parent = parent.id;
  ok(
    await call(entityRoute.PUT, "PUT", "x", {
      headers: h,
      params: { counterpartId: child.id },
      body: { entityType: "crm", entityId: "42" },
    }),
  );
  ok(await call(entityRoute.DELETE, "DELETE", "x", { headers: h, params: { counterpartId: child.id } }));
  ok(
    await call(parentRoute.PUT, "PUT", "x", {
      headers: h,
      params: { counterpartId: child.id },
      body: { parentId: parent.id },
    }),
  );
  ok(await call(parentRoute.DELETE, "DELETE", "x", { headers: h, params: { counterpartId: child.id } }));

  const tx = await prisma().transaction.findFirstOrThrow({ where: { accountId: ctx.account.id, removedAt: null } });
  ids.transaction = tx.id;
  const onTx = { headers: h, params: { transactionId: tx.id } };
  ok(await call(bindRoute.PUT, "PUT", "x", { ...onTx, body: { counterpartId: parent.id } }));
  ok(await call(bindRoute.DELETE, "DELETE", "x", onTx));
  ok(await call(transferRoute.PUT, "PUT", "x", { ...onTx, body: { isTransfer: true } }));
  ok(await call(transferRoute.DELETE, "DELETE", "x", onTx));
  ok(
    await call(autoUpdateRoute.PUT, "PUT", "x", {
      headers: h,
      params: { id: ctx.account.id },
      body: { timesPerDay: 3 },
    }),
  );

  const renewal = await call<{ data: { id: string } }>(renewRoute.POST, "POST", "x", {
    headers: h,
    params: { consent: ctx.connected.consentId },
  });
  ok(renewal, 201);
  ids.renewal = renewal.json.data.id;
  // Asked again while the renewal is pending: the same renewal, no new row.
  ok(await call(renewRoute.POST, "POST", "x", { headers: h, params: { consent: ctx.connected.consentId } }));

  const { token, scopeId } = { token: ctx.connected.person.token, scopeId: ctx.connected.person.scopeId };
  const profile = await createProfile(token, scopeId, globalProfile({ name: "Checks" }));
  ok(profile, 201);
  ids.profile = profile.json.data.id;
  const onProfile = { headers: h, params: { id: ids.profile } };
  ok(await call(profileRoute.PUT, "PUT", "x", { ...onProfile, body: globalProfile({ name: "Full checks" }) }));
  ok(
    await call(profileRoute.PUT, "PUT", "x", {
      ...onProfile,
      body: globalProfile({ name: "Full checks", is_default: true }),
    }),
  );
  ok(await call(profileRoute.DELETE, "DELETE", "x", onProfile), 204);

  const leaver = await makePerson("leaver");
  await addMember(scopeId, leaver.userId, "viewer");
  ids.leaver = leaver.userId;
  ok(await call(memberRoute.DELETE, "DELETE", "x", { headers: h, params: { userId: leaver.userId } }), 204);

  const pat = await call<{ data: { id: string } }>(personalTokens.POST, "POST", "x", {
    headers: { authorization: h.authorization },
    body: { name: "Old laptop" },
  });
  ids.pat = pat.json.data.id;
  for (let i = 0; i < 2; i += 1) {
    ok(
      await call(personalToken.DELETE, "DELETE", "x", {
        headers: { authorization: h.authorization },
        params: { id: ids.pat },
      }),
    );
  }

  const res = await call<{ data: Event[] }>(eventsRoute.GET, "GET", "x", { headers: h, query: "perPage=200" });
  trail = res.json.data.reverse();
});

describe("audited changes", () => {
  it("records each as one row, oldest to newest, with only the changed fields", () => {
    const walked = trail.filter(
      (e) => !["personal_token.created", "consent.created", "account.tracked"].includes(e.action),
    );
    expect(walked.map((e) => [e.action, e.record.id, e.before, e.after])).toEqual([
      [
        "counterpart.entity_bound",
        ids.child,
        { entityType: null, entityId: null },
        { entityType: "crm", entityId: "42" },
      ],
      [
        "counterpart.entity_unbound",
        ids.child,
        { entityType: "crm", entityId: "42" },
        { entityType: null, entityId: null },
      ],
      ["counterpart.parent_set", ids.child, { parentId: null }, { parentId: ids.parent }],
      ["counterpart.parent_unlinked", ids.child, { parentId: ids.parent }, { parentId: null }],
      [
        "transaction.counterpart_bound",
        ids.transaction,
        { boundCounterpartId: null },
        { boundCounterpartId: ids.parent },
      ],
      [
        "transaction.counterpart_unbound",
        ids.transaction,
        { boundCounterpartId: ids.parent },
        { boundCounterpartId: null },
      ],
      ["transaction.transfer_marked", ids.transaction, { transferOverride: null }, { transferOverride: true }],
      ["transaction.transfer_cleared", ids.transaction, { transferOverride: true }, { transferOverride: null }],
      ["account.auto_updates_changed", ctx.account.id, { autoUpdatesPerDay: 2 }, { autoUpdatesPerDay: 3 }],
      [
        "consent.renewed",
        ids.renewal,
        null,
        expect.objectContaining({ status: "pending", renewsConsentId: ctx.connected.consentId }),
      ],
      ["dataset_profile.created", ids.profile, null, expect.objectContaining({ name: "Checks", isDefault: false })],
      ["dataset_profile.updated", ids.profile, { name: "Checks" }, { name: "Full checks" }],
      ["dataset_profile.made_default", ids.profile, { isDefault: false }, { isDefault: true }],
      ["dataset_profile.deleted", ids.profile, expect.objectContaining({ name: "Full checks", isDefault: true }), null],
      ["member.removed", ids.leaver, { email: expect.stringMatching(/^leaver-/) as string, role: "viewer" }, null],
      ["personal_token.revoked", ids.pat, { revokedAt: null }, { revokedAt: expect.any(String) as string }],
    ]);
  });

  it("together with the other audit tests, writes every action of the vocabulary", () => {
    const elsewhere = [
      "consent.created",
      "consent.revoked",
      "account.tracked",
      "counterpart.alias_changed",
      "counterpart.merged",
      "counterpart.merge_undone",
      "transaction.reissue_undone",
      "member.added",
      "member.role_changed",
      "api_key.created",
      "api_key.revoked",
      "client.created",
      // testing/integration/webhooks/webhooks.integration.test.ts
      "webhook_endpoint.created",
      "webhook_endpoint.updated",
      "webhook_endpoint.deleted",
      "webhook_endpoint.secret_rotated",
      "webhook_endpoint.delivery_replayed",
      // testing/integration/accounttracking/notes-and-nicknames.integration.test.ts
      "account.nickname_changed",
      "transaction.note_changed",
      // testing/integration/accounttracking/account-housekeeping.integration.test.ts
      "account.tracking_changed",
      "account.hidden_changed",
      // testing/integration/rules/rules-api.integration.test.ts
      "rule.created",
      "rule.updated",
      "rule.deleted",
      "rule.reordered",
      "rule.applied",
      "rule.application_undone",
      // testing/integration/categories/transaction-category.integration.test.ts, categories.integration.test.ts
      "transaction.category_changed",
      "category.created",
      "category.renamed",
      "category.moved",
      "category.merged",
      "category.archived",
      "category.restored",
      "counterpart.default_category_changed",
      // testing/integration/recurring/recurring-api.integration.test.ts
      "recurring.confirmed",
      "recurring.renamed",
      "recurring.dismissed",
      "recurring.restored",
      // testing/integration/accounttracking/ledger.integration.test.ts
      "account.month_reconciled",
      "account.month_reopened",
      // testing/integration/statements/import-api.integration.test.ts
      "account.statement_imported",
      "csv_layout.saved",
      // testing/integration/statements/file-account.integration.test.ts
      "account.file_account_created",
    ];
    const here = new Set(trail.map((e) => e.action));
    expect(AUDIT_ACTIONS.filter((a) => !here.has(a) && !elsewhere.includes(a))).toEqual([]);
  });
});
