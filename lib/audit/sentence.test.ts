// Every action the app writes reads as a sentence with names, never an id; an action not known yet
// reads as a plain generic sentence.
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "@/lib/audit/actions";
import { emptyNames, type AuditNames } from "@/lib/audit/names-types";
import { ACTIONS_WITH_SENTENCES, auditSentence, type SentenceEvent } from "@/lib/audit/sentence";

const ACC = "0194a1b2-0000-7000-8000-00004ff31811";
const CP = "0194a1b2-0000-7000-8000-0000000000c1";
const CP2 = "0194a1b2-0000-7000-8000-0000000000c2";
const CP3 = "0194a1b2-0000-7000-8000-0000000000c3";
const TX = "0194a1b2-0000-7000-8000-0000000000f1";
const USER = "0194a1b2-0000-7000-8000-0000000000a1";
const KEY = "0194a1b2-0000-7000-8000-0000000000b1";
const CLIENT = "0194a1b2-0000-7000-8000-0000000000d1";
const CONSENT = "0194a1b2-0000-7000-8000-0000000000e1";
const CAT = "0194a1b2-0000-7000-8000-0000000000a7";
const CAT2 = "0194a1b2-0000-7000-8000-0000000000a8";

const names: AuditNames = {
  ...emptyNames(),
  accounts: { [ACC]: { nickname: "Joint household", name: "Compte courant", bank: "Ardenne Crédit", last4: "4411" } },
  counterparts: { [CP]: "Carrefour", [CP2]: "CARREFOUR MARKET", [CP3]: "CARREFOUR EXPRESS" },
  counterpartBankNames: { [CP]: "CARREFOUR BE" },
  transactions: { [TX]: { amount: "-39.30", currency: "EUR", date: "2026-11-28", party: "Carrefour" } },
  consents: { [CONSENT]: "Ardenne Crédit" },
  users: { [USER]: "Jane Doe" },
  tokens: { [KEY]: "export bot" },
  clients: { [CLIENT]: "Acme SA" },
  categories: { [CAT]: "Groceries", [CAT2]: "Food and dining" },
};

const nora = { kind: "session", name: "Nora", email: "nora@example.test" };

function event(action: string, type: string, id: string, before: object | null, after: object | null): SentenceEvent {
  return {
    action,
    actor: nora,
    record: { type, id },
    before: before as Record<string, unknown>,
    after: after as Record<string, unknown>,
  };
}

const say = (...args: Parameters<typeof event>) => auditSentence(event(...args), names);

/** One event of each action the app writes, as its writer fills before/after, and its sentence. */
const CASES: [Parameters<typeof event>, string][] = [
  [
    ["consent.created", "consent", CONSENT, null, { status: "created", bankName: "Ardenne Crédit" }],
    "Nora started the connection to Ardenne Crédit.",
  ],
  [
    ["consent.renewed", "consent", CONSENT, null, { status: "created" }],
    "Nora started renewing the connection to Ardenne Crédit.",
  ],
  [
    ["consent.revoked", "consent", CONSENT, { status: "valid" }, { status: "revoked" }],
    "Nora ended the connection to Ardenne Crédit.",
  ],
  [
    ["account.tracked", "account", ACC, null, { bankAccountId: "acc_c2J4", iban: "[redacted]" }],
    "Nora started tracking Joint household (Ardenne Crédit ·· 4411).",
  ],
  [
    ["account.auto_updates_changed", "account", ACC, { autoUpdatesPerDay: 1 }, { autoUpdatesPerDay: 2 }],
    "Nora set Joint household (Ardenne Crédit ·· 4411) to update automatically twice a day.",
  ],
  [
    [
      "account.month_reconciled",
      "account",
      ACC,
      null,
      { month: "2026-10", currency: "EUR", openingAmount: "1200.5", closingAmount: "980.25" },
    ],
    "Nora reconciled October 2026 of Joint household (Ardenne Crédit ·· 4411): €1,200.50 to €980.25.",
  ],
  [
    ["account.month_reopened", "account", ACC, { month: "2026-10", currency: "EUR" }, null],
    "Nora reopened October 2026 of Joint household (Ardenne Crédit ·· 4411).",
  ],
  [
    ["account.statement_imported", "account", ACC, null, { fileName: "october.xml", format: "camt053" }],
    "Nora imported the statement file “october.xml” into Joint household (Ardenne Crédit ·· 4411).",
  ],
  [
    ["account.file_account_created", "account", ACC, null, { name: "Compte courant", currency: "EUR" }],
    "Nora added Joint household (Ardenne Crédit ·· 4411), kept from statement files.",
  ],
  [["csv_layout.saved", "csv_layout", "lay_1", null, { name: "Sparkasse" }], "Nora saved the CSV layout “Sparkasse”."],
  [
    ["account.nickname_changed", "account", ACC, { nickname: null }, { nickname: "Joint household" }],
    "Nora named Compte courant (Ardenne Crédit ·· 4411) “Joint household”.",
  ],
  [
    ["account.tracking_changed", "account", ACC, { tracking: "tracking" }, { tracking: "stopped" }],
    "Nora stopped tracking Joint household (Ardenne Crédit ·· 4411).",
  ],
  [
    ["account.hidden_changed", "account", ACC, { hidden: false }, { hidden: true }],
    "Nora hid Joint household (Ardenne Crédit ·· 4411).",
  ],
  [
    ["counterpart.alias_changed", "counterpart", CP, { alias: null }, { alias: "Carrefour" }],
    "Nora named the counterpart CARREFOUR BE “Carrefour”.",
  ],
  [
    [
      "counterpart.merged",
      "consolidation",
      "0194a1b2-0000-7000-8000-000000000099",
      null,
      { targetId: CP, memberIds: [CP2, CP3] },
    ],
    "Nora consolidated CARREFOUR MARKET and CARREFOUR EXPRESS into Carrefour.",
  ],
  [
    [
      "counterpart.merge_undone",
      "consolidation",
      "0194a1b2-0000-7000-8000-000000000099",
      { targetId: CP, memberIds: [CP2] },
      null,
    ],
    "Nora undid consolidating CARREFOUR MARKET into Carrefour.",
  ],
  [
    [
      "counterpart.entity_bound",
      "counterpart",
      CP,
      { entityType: null, entityId: null },
      { entityType: "client", entityId: CLIENT },
    ],
    "Nora linked Carrefour to the client “Acme SA”.",
  ],
  [
    [
      "counterpart.entity_unbound",
      "counterpart",
      CP,
      { entityType: "client", entityId: CLIENT },
      { entityType: null, entityId: null },
    ],
    "Nora unlinked Carrefour from the client “Acme SA”.",
  ],
  [
    ["counterpart.parent_set", "counterpart", CP3, { parentId: null }, { parentId: CP }],
    "Nora put CARREFOUR EXPRESS under Carrefour.",
  ],
  [
    ["counterpart.parent_unlinked", "counterpart", CP3, { parentId: CP }, { parentId: null }],
    "Nora took CARREFOUR EXPRESS out from under Carrefour.",
  ],
  [
    ["transaction.counterpart_bound", "transaction", TX, { boundCounterpartId: null }, { boundCounterpartId: CP }],
    "Nora assigned the €39.30 payment to Carrefour on 28 Nov 2026 to Carrefour.",
  ],
  [
    ["transaction.counterpart_unbound", "transaction", TX, { boundCounterpartId: CP2 }, { boundCounterpartId: null }],
    "Nora took the €39.30 payment to Carrefour on 28 Nov 2026 away from CARREFOUR MARKET.",
  ],
  [
    ["transaction.transfer_marked", "transaction", TX, { transferOverride: null }, { transferOverride: true }],
    "Nora marked the €39.30 payment to Carrefour on 28 Nov 2026 as a transfer between own accounts.",
  ],
  [
    ["transaction.transfer_cleared", "transaction", TX, { transferOverride: true }, { transferOverride: null }],
    "Nora cleared the transfer mark of the €39.30 payment to Carrefour on 28 Nov 2026.",
  ],
  [
    [
      "transaction.reissue_undone",
      "transaction",
      TX,
      { externalId: "a", removed: false },
      { externalId: "b", removed: true },
    ],
    "Nora undid pairing the €39.30 payment to Carrefour on 28 Nov 2026 with the bank's re-issued entry.",
  ],
  [
    ["transaction.note_changed", "transaction", TX, { note: null, tags: [] }, { note: "Team lunch", tags: [] }],
    "Nora wrote a note on the €39.30 payment to Carrefour on 28 Nov 2026.",
  ],
  [
    ["dataset_profile.created", "dataset_profile", CLIENT, null, { name: "Due diligence", isDefault: false }],
    "Nora created the dataset profile “Due diligence”.",
  ],
  [
    ["dataset_profile.updated", "dataset_profile", CLIENT, { name: "Due diligence" }, { name: "KYC" }],
    "Nora changed the dataset profile “KYC”.",
  ],
  [
    [
      "dataset_profile.made_default",
      "dataset_profile",
      CLIENT,
      { isDefault: false, name: "KYC" },
      { isDefault: true, name: "KYC" },
    ],
    "Nora made the dataset profile “KYC” the default.",
  ],
  [
    ["dataset_profile.deleted", "dataset_profile", CLIENT, { name: "KYC" }, null],
    "Nora deleted the dataset profile “KYC”.",
  ],
  [
    ["member.added", "member", USER, null, { email: "jane@example.test", role: "admin" }],
    "Nora added Jane Doe as an admin.",
  ],
  [
    ["member.role_changed", "member", USER, { role: "member" }, { role: "viewer" }],
    "Nora made Jane Doe a viewer (was a member).",
  ],
  [
    ["member.removed", "member", USER, { email: "jane@example.test", role: "viewer" }, null],
    "Nora removed Jane Doe from the scope.",
  ],
  [
    ["api_key.created", "api_key", KEY, null, { name: "export bot", kind: "api_key", role: "viewer" }],
    "Nora created the API key “export bot”.",
  ],
  [
    [
      "api_key.revoked",
      "api_key",
      KEY,
      { revokedAt: null, name: "export bot" },
      { revokedAt: "2026-11-28T10:00:00Z", name: "export bot" },
    ],
    "Nora revoked the API key “export bot”.",
  ],
  [
    ["personal_token.created", "personal_token", "0194a1b2-0000-7000-8000-0000000000b9", null, { name: "cli" }],
    "Nora created the personal token “cli”.",
  ],
  [
    [
      "personal_token.revoked",
      "personal_token",
      "0194a1b2-0000-7000-8000-0000000000b9",
      { revokedAt: null },
      { revokedAt: "x", name: "cli" },
    ],
    "Nora revoked the personal token “cli”.",
  ],
  [
    ["client.created", "client", CLIENT, null, { type: "company", displayName: "Acme SA", countryCode: "BE" }],
    "Nora added the client “Acme SA”.",
  ],
  [
    [
      "webhook_endpoint.created",
      "webhook_endpoint",
      KEY,
      null,
      { url: "https://hooks.example.test/in", enabled: true },
    ],
    "Nora added the webhook endpoint https://hooks.example.test/in.",
  ],
  [
    [
      "webhook_endpoint.updated",
      "webhook_endpoint",
      KEY,
      { enabled: true, url: "https://h.test/a" },
      { enabled: false, url: "https://h.test/a" },
    ],
    "Nora turned off the webhook endpoint https://h.test/a.",
  ],
  [
    ["webhook_endpoint.deleted", "webhook_endpoint", KEY, { url: "https://h.test/a" }, null],
    "Nora deleted the webhook endpoint https://h.test/a.",
  ],
  [
    ["webhook_endpoint.secret_rotated", "webhook_endpoint", KEY, null, { previousSecretValidHours: 24 }],
    "Nora rotated the signing secret of a webhook endpoint.",
  ],
  [
    ["webhook_endpoint.delivery_replayed", "webhook_endpoint", KEY, null, { messageId: "msg_1", replayOf: "d1" }],
    "Nora sent a message again to a webhook endpoint.",
  ],
  [["rule.created", "rule", KEY, null, { name: "Rent", enabled: true }], "Nora created the rule “Rent”."],
  [
    ["rule.updated", "rule", KEY, { enabled: true, name: "Rent" }, { enabled: false, name: "Rent" }],
    "Nora turned off the rule “Rent”.",
  ],
  [["rule.deleted", "rule", KEY, { name: "Rent" }, null], "Nora deleted the rule “Rent”."],
  [["rule.reordered", "rule", KEY, null, { ids: [KEY] }], "Nora changed the order of the rules."],
  [
    ["rule.applied", "rule_application", KEY, null, { ruleId: KEY, name: "Rent" }],
    "Nora applied the rule “Rent” to existing transactions.",
  ],
  [
    ["rule.application_undone", "rule_application", KEY, { ruleId: KEY, name: "Rent", changed: 3 }, null],
    "Nora undid applying the rule “Rent” to existing transactions.",
  ],
  [
    ["category.created", "category", CAT, null, { name: "Groceries", parentCategoryId: CAT2 }],
    "Nora created the category “Groceries” under the category “Food and dining”.",
  ],
  [
    ["category.renamed", "category", CAT, { name: "Food" }, { name: "Groceries" }],
    "Nora renamed the category “Food” to “Groceries”.",
  ],
  [
    ["category.moved", "category", CAT, { parentCategoryId: null }, { parentCategoryId: CAT2 }],
    "Nora moved the category “Groceries” under the category “Food and dining”.",
  ],
  [
    ["category.merged", "category", CAT, { mergedIntoId: null }, { mergedIntoId: CAT2, transactionsMoved: 12 }],
    "Nora merged the category “Groceries” into the category “Food and dining” (12 transactions moved).",
  ],
  [
    ["category.archived", "category", CAT, { archived: false }, { archived: true }],
    "Nora archived the category “Groceries”.",
  ],
  [
    ["category.restored", "category", CAT, { archived: true }, { archived: false }],
    "Nora restored the category “Groceries”.",
  ],
  [
    ["transaction.category_changed", "transaction", TX, { categoryId: null }, { categoryId: CAT }],
    "Nora put the €39.30 payment to Carrefour on 28 Nov 2026 in the category “Groceries”.",
  ],
  [
    [
      "counterpart.default_category_changed",
      "counterpart",
      CP,
      { defaultCategoryId: null },
      { defaultCategoryId: CAT },
    ],
    "Nora set the default category of Carrefour to the category “Groceries”.",
  ],
  [
    [
      "recurring.confirmed",
      "recurring_stream",
      "s1",
      { confirmedAt: null },
      { confirmedAt: "2026-11-29T01:00:00.000Z" },
    ],
    "Nora confirmed a recurring payment.",
  ],
  [
    ["recurring.renamed", "recurring_stream", "s1", { name: null }, { name: "Office rent" }],
    "Nora named a recurring payment “Office rent”.",
  ],
  [
    [
      "recurring.dismissed",
      "recurring_stream",
      "s1",
      { dismissedAt: null },
      { dismissedAt: "2026-11-29T01:00:00.000Z" },
    ],
    "Nora dismissed a recurring payment.",
  ],
  [
    [
      "recurring.restored",
      "recurring_stream",
      "s1",
      { dismissedAt: "2026-11-29T01:00:00.000Z" },
      { dismissedAt: null },
    ],
    "Nora restored a dismissed recurring payment.",
  ],
];

describe("auditSentence", () => {
  it.each(CASES)("%j reads as a sentence", (args, expected) => {
    expect(say(...args)).toBe(expected);
  });

  it("covers every action of the vocabulary with a sentence of its own", () => {
    const tested = new Set(CASES.map(([[action]]) => action));
    for (const action of AUDIT_ACTIONS) {
      expect(ACTIONS_WITH_SENTENCES, action).toContain(action);
      expect(tested.has(action), action).toBe(true);
    }
  });

  it("never shows an id, even when a record is gone", () => {
    const gone = auditSentence(
      event("account.tracked", "account", "0194a1b2-0000-7000-8000-00000000dead", null, {}),
      emptyNames(),
    );
    expect(gone).toBe("Nora started tracking an account.");
    const merged = auditSentence(
      event("counterpart.merged", "consolidation", "x", null, { targetId: CP, memberIds: [CP2] }),
      emptyNames(),
    );
    expect(merged).toBe("Nora consolidated a counterpart into a counterpart.");
    for (const [args] of CASES) expect(auditSentence(event(...args), emptyNames())).not.toMatch(/[0-9a-f]{8}-/);
  });

  it("reads the other moves of an account and the variants of a change", () => {
    expect(say("account.tracking_changed", "account", ACC, { tracking: "stopped" }, { tracking: "tracking" })).toBe(
      "Nora resumed tracking Joint household (Ardenne Crédit ·· 4411).",
    );
    expect(say("account.tracking_changed", "account", ACC, { tracking: "stopped" }, { tracking: "archived" })).toBe(
      "Nora archived Joint household (Ardenne Crédit ·· 4411).",
    );
    expect(say("account.tracking_changed", "account", ACC, { tracking: "archived" }, { tracking: "stopped" })).toBe(
      "Nora restored Joint household (Ardenne Crédit ·· 4411).",
    );
    expect(say("account.hidden_changed", "account", ACC, { hidden: true }, { hidden: false })).toBe(
      "Nora showed Joint household (Ardenne Crédit ·· 4411) again.",
    );
    expect(
      say("account.auto_updates_changed", "account", ACC, { autoUpdatesPerDay: 2 }, { autoUpdatesPerDay: 0 }),
    ).toBe("Nora turned off automatic updates of Joint household (Ardenne Crédit ·· 4411).");
    expect(
      say(
        "transaction.note_changed",
        "transaction",
        TX,
        { note: null, tags: [] },
        { note: null, tags: ["food", "team"] },
      ),
    ).toBe("Nora tagged the €39.30 payment to Carrefour on 28 Nov 2026 “food” and “team”.");
    expect(
      say("transaction.transfer_marked", "transaction", TX, { transferOverride: null }, { transferOverride: false }),
    ).toBe("Nora marked the €39.30 payment to Carrefour on 28 Nov 2026 as not a transfer between own accounts.");
  });

  it("names who acted: a key by its name, our own repair work as Ledgerlink", () => {
    const byKey = {
      ...event("consent.revoked", "consent", CONSENT, null, null),
      actor: { kind: "api_key", name: "export bot", email: null },
    };
    expect(auditSentence(byKey, names)).toBe("The key “export bot” ended the connection to Ardenne Crédit.");
    const bySystem = {
      ...event("transaction.reissue_undone", "transaction", TX, null, null),
      actor: { kind: "system", name: null, email: null },
    };
    expect(auditSentence(bySystem, names)).toMatch(/^Ledgerlink undid pairing /);
  });

  it("reads an action it does not know as a plain sentence about the record", () => {
    expect(say("account.archived_for_good", "account", ACC, null, null)).toBe(
      "Nora made a change to Joint household (Ardenne Crédit ·· 4411) (archived for good).",
    );
    expect(say("widget.polished", "widget", "w1", null, null)).toBe("Nora made a change to a widget (polished).");
  });
});
