// An audit event as one sentence a person reads, with the names they know: "Nora stopped tracking
// Joint household (Ardenne Crédit ·· 4411)", "Alice created the API key “export bot”". The ids in
// the event are resolved beforehand, a page at a time (lib/audit/names.ts); a name that cannot be
// found any more (a deleted record) reads as what it was ("a counterpart"), never as an id. An
// action this file does not know yet gets a plain sentence built from its name. No server imports:
// pure, so every action's sentence is unit tested.
import type { AccountName, AuditNames, TransactionName } from "@/lib/audit/names-types";

/** What a sentence needs of an event (the API's shape; `action` is any name, known or not). */
export type SentenceEvent = {
  action: string;
  actor: { kind: string; name: string | null; email: string | null };
  record: { type: string; id: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

const quoted = (text: string) => `“${text}”`;
const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** A decimal string as money, for reading only (Intl formats the decimal string, no sum is made). */
function money(amount: string, currency: string): string {
  try {
    const format = new Intl.NumberFormat("en-GB", { style: "currency", currency });
    return format.format(amount as unknown as number);
  } catch {
    // A currency code Intl does not know (a bank's own): the amount and the code as the bank wrote them.
    return `${amount} ${currency}`;
  }
}

/** "Joint household (Ardenne Crédit ·· 4411)": the person's name for it, then where it is. */
export function accountLabel(a: AccountName | undefined, withNickname = true): string {
  if (!a) return "an account";
  const title = (withNickname ? a.nickname : null) ?? a.name ?? "an account";
  const where = [a.bank, a.last4 ? `·· ${a.last4}` : null].filter(Boolean).join(" ");
  return where ? `${title} (${where})` : title;
}

function transactionLabel(t: TransactionName | undefined): string {
  if (!t) return "a transaction";
  const amount = t.amount.startsWith("-") ? t.amount.slice(1) : t.amount;
  const kind = t.amount.startsWith("-") ? "payment" : "receipt";
  const party = t.party ? ` ${t.amount.startsWith("-") ? "to" : "from"} ${t.party}` : "";
  const day = /^\d{4}-\d{2}-\d{2}$/.test(t.date) ? dayFormat.format(new Date(`${t.date}T00:00:00Z`)) : t.date;
  return `the ${money(amount, t.currency)} ${kind}${party} on ${day}`;
}

const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
/** "October 2026" for "2026-10"; anything else as it was recorded. */
function monthName(value: unknown): string {
  const month = str(value);
  if (!month) return "a month";
  return /^\d{4}-\d{2}$/.test(month) ? monthFormat.format(new Date(`${month}-01T00:00:00Z`)) : month;
}

/** Who acted: the person or key by name; our own repair work as Ledgerlink. */
function who(e: SentenceEvent): string {
  if (e.actor.kind === "system") return "Ledgerlink";
  const name = e.actor.name ?? e.actor.email;
  if (e.actor.kind === "api_key" || e.actor.kind === "connector_app") return name ? `The key ${quoted(name)}` : "A key";
  return name ?? "Someone";
}

/** A list read aloud: "A", "A and B", "A, B and C". */
function listed(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

type Parts = { e: SentenceEvent; n: AuditNames; before: Record<string, unknown>; after: Record<string, unknown> };
/** The rest of the sentence after who acted. */
type Predicate = (p: Parts) => string;

const counterpart = (n: AuditNames, id: unknown) => (str(id) && n.counterparts[str(id)!]) || "a counterpart";
const account = ({ e, n }: Parts) => accountLabel(n.accounts[e.record.id]);
const transaction = ({ e, n }: Parts) => transactionLabel(n.transactions[e.record.id]);
const consent = ({ e, n, before, after }: Parts) => {
  const bank = n.consents[e.record.id] ?? str(after.bankName) ?? str(before.bankName);
  return bank ? `the connection to ${bank}` : "a bank connection";
};
const member = ({ e, n, before, after }: Parts) =>
  n.users[e.record.id] ?? str(after.email) ?? str(before.email) ?? "a member";
const token = (kind: string) => (p: Parts) => {
  const name = p.n.tokens[p.e.record.id] ?? str(p.after.name) ?? str(p.before.name);
  return name ? `the ${kind} ${quoted(name)}` : `a ${kind}`;
};
const profile = ({ e, n, before, after }: Parts) => {
  const name = str(after.name) ?? str(before.name) ?? n.profiles[e.record.id];
  return name ? `the dataset profile ${quoted(name)}` : "a dataset profile";
};
const endpoint = ({ e, n, before, after }: Parts) => {
  const url = str(after.url) ?? str(before.url) ?? n.endpoints[e.record.id];
  return url ? `the webhook endpoint ${url}` : "a webhook endpoint";
};
const entity = ({ n }: Parts, fields: Record<string, unknown>) => {
  const type = str(fields.entityType);
  const id = str(fields.entityId);
  if (type === "client" && id && n.clients[id]) return `the client ${quoted(n.clients[id])}`;
  return type ? `a ${type.replace(/_/g, " ")}` : "an entity";
};
const categoryName = (n: AuditNames, id: unknown) => {
  const name = str(id) ? n.categories[str(id)!] : undefined;
  return name ? `the category ${quoted(name)}` : "a category";
};
/** The category an event is about: its name as recorded in the event, else as it is now. */
const category = ({ e, n, before, after }: Parts) => {
  const name = str(after.name) ?? str(before.name) ?? n.categories[e.record.id];
  return name ? `the category ${quoted(name)}` : "a category";
};
const role = (value: unknown) => {
  const r = str(value);
  return r ? (/^[aeiou]/.test(r) ? `an ${r}` : `a ${r}`) : "a member";
};

/** How a tracking state reads as a move into it. */
const TRACKING_MOVES: Record<string, (from: string | null) => string> = {
  stopped: (from) => (from === "archived" ? "restored" : "stopped tracking"),
  archived: () => "archived",
  tracking: () => "resumed tracking",
};

const SENTENCES: Record<string, Predicate> = {
  "consent.created": (p) => `started ${consent(p)}`,
  "consent.renewed": (p) => `started renewing ${consent(p)}`,
  "consent.revoked": (p) => `ended ${consent(p)}`,
  "account.tracked": (p) => `started tracking ${account(p)}`,
  "account.auto_updates_changed": (p) => {
    const times = Number(p.after.autoUpdatesPerDay);
    if (times === 0) return `turned off automatic updates of ${account(p)}`;
    return `set ${account(p)} to update automatically ${times === 1 ? "once" : times === 2 ? "twice" : `${times} times`} a day`;
  },
  "account.month_reconciled": (p) =>
    `reconciled ${monthName(p.after.month)} of ${account(p)}: ${money(String(p.after.openingAmount), String(p.after.currency))} to ${money(String(p.after.closingAmount), String(p.after.currency))}`,
  "account.month_reopened": (p) => `reopened ${monthName(p.before.month)} of ${account(p)}`,
  "account.statement_imported": (p) =>
    `imported the statement file ${quoted(str(p.after.fileName) ?? "without a name")} into ${account(p)}`,
  "account.file_account_created": (p) => `added ${account(p)}, kept from statement files`,
  "csv_layout.saved": (p) => `saved the CSV layout ${quoted(str(p.after.name) ?? "")}`,
  "account.nickname_changed": (p) => {
    const target = accountLabel(p.n.accounts[p.e.record.id], false);
    const was = str(p.before.nickname);
    const now = str(p.after.nickname);
    if (!now) return `removed the name ${quoted(was ?? "")} of ${target}`;
    return was ? `renamed ${target} from ${quoted(was)} to ${quoted(now)}` : `named ${target} ${quoted(now)}`;
  },
  "account.tracking_changed": (p) => {
    const to = str(p.after.tracking) ?? "";
    const move = TRACKING_MOVES[to]?.(str(p.before.tracking)) ?? `set the tracking of`;
    return `${move} ${account(p)}`;
  },
  "account.hidden_changed": (p) => (p.after.hidden === true ? `hid ${account(p)}` : `showed ${account(p)} again`),
  "counterpart.alias_changed": (p) => {
    const name = p.n.counterpartBankNames[p.e.record.id] ?? "a counterpart";
    const was = str(p.before.alias);
    const now = str(p.after.alias);
    if (!now) return `removed the name ${quoted(was ?? "")} of the counterpart ${name}`;
    return was
      ? `renamed the counterpart ${name} from ${quoted(was)} to ${quoted(now)}`
      : `named the counterpart ${name} ${quoted(now)}`;
  },
  "counterpart.merged": ({ n, after }) => {
    const members = (Array.isArray(after.memberIds) ? after.memberIds : []).map((id) => counterpart(n, id));
    return `consolidated ${listed(members) || "counterparts"} into ${counterpart(n, after.targetId)}`;
  },
  "counterpart.merge_undone": ({ n, before }) => {
    const members = (Array.isArray(before.memberIds) ? before.memberIds : []).map((id) => counterpart(n, id));
    return `undid consolidating ${listed(members) || "counterparts"} into ${counterpart(n, before.targetId)}`;
  },
  "counterpart.entity_bound": (p) => `linked ${counterpart(p.n, p.e.record.id)} to ${entity(p, p.after)}`,
  "counterpart.entity_unbound": (p) => `unlinked ${counterpart(p.n, p.e.record.id)} from ${entity(p, p.before)}`,
  "counterpart.parent_set": ({ e, n, after }) =>
    `put ${counterpart(n, e.record.id)} under ${counterpart(n, after.parentId)}`,
  "counterpart.parent_unlinked": ({ e, n, before }) =>
    `took ${counterpart(n, e.record.id)} out from under ${counterpart(n, before.parentId)}`,
  "transaction.counterpart_bound": (p) =>
    `assigned ${transaction(p)} to ${counterpart(p.n, p.after.boundCounterpartId)}`,
  "transaction.counterpart_unbound": (p) =>
    `took ${transaction(p)} away from ${counterpart(p.n, p.before.boundCounterpartId)}`,
  "transaction.transfer_marked": (p) =>
    p.after.transferOverride === false
      ? `marked ${transaction(p)} as not a transfer between own accounts`
      : `marked ${transaction(p)} as a transfer between own accounts`,
  "transaction.transfer_cleared": (p) => `cleared the transfer mark of ${transaction(p)}`,
  "transaction.reissue_undone": (p) => `undid pairing ${transaction(p)} with the bank's re-issued entry`,
  "transaction.note_changed": (p) => {
    const note = JSON.stringify(p.before.note ?? null) !== JSON.stringify(p.after.note ?? null);
    const tags = JSON.stringify(p.before.tags ?? []) !== JSON.stringify(p.after.tags ?? []);
    if (note && !tags) return `${str(p.after.note) ? "wrote a note on" : "removed the note of"} ${transaction(p)}`;
    if (tags && !note) {
      const now = Array.isArray(p.after.tags) ? p.after.tags.map(String) : [];
      return now.length
        ? `tagged ${transaction(p)} ${listed(now.map(quoted))}`
        : `removed the tags of ${transaction(p)}`;
    }
    return `changed the note and tags of ${transaction(p)}`;
  },
  "dataset_profile.created": (p) => `created ${profile(p)}`,
  "dataset_profile.updated": (p) => `changed ${profile(p)}`,
  "dataset_profile.made_default": (p) => `made ${profile(p)} the default`,
  "dataset_profile.deleted": (p) => `deleted ${profile(p)}`,
  "member.added": (p) => `added ${member(p)} as ${role(p.after.role)}`,
  "member.role_changed": (p) => `made ${member(p)} ${role(p.after.role)} (was ${role(p.before.role)})`,
  "member.removed": (p) => `removed ${member(p)} from the scope`,
  "api_key.created": (p) => `created ${token("API key")(p)}`,
  "api_key.revoked": (p) => `revoked ${token("API key")(p)}`,
  "personal_token.created": (p) => `created ${token("personal token")(p)}`,
  "personal_token.revoked": (p) => `revoked ${token("personal token")(p)}`,
  "client.created": ({ e, n, after }) => {
    const name = str(after.displayName) ?? n.clients[e.record.id];
    return name ? `added the client ${quoted(name)}` : "added a client";
  },
  "webhook_endpoint.created": (p) => `added ${endpoint(p)}`,
  "webhook_endpoint.updated": (p) => {
    if (p.before.enabled === false && p.after.enabled === true) return `turned on ${endpoint(p)}`;
    if (p.before.enabled === true && p.after.enabled === false) return `turned off ${endpoint(p)}`;
    return `changed ${endpoint(p)}`;
  },
  "webhook_endpoint.deleted": (p) => `deleted ${endpoint(p)}`,
  "webhook_endpoint.secret_rotated": (p) => `rotated the signing secret of ${endpoint(p)}`,
  "webhook_endpoint.delivery_replayed": (p) => `sent a message again to ${endpoint(p)}`,
  "rule.created": (p) => `created ${rule(p.after)}`,
  "rule.updated": (p) => {
    if (p.before.enabled === false && p.after.enabled === true) return `turned on ${rule(p.after)}`;
    if (p.before.enabled === true && p.after.enabled === false) return `turned off ${rule(p.after)}`;
    return `changed ${rule(p.after)}`;
  },
  "rule.deleted": (p) => `deleted ${rule(p.before)}`,
  "rule.reordered": () => "changed the order of the rules",
  "rule.applied": (p) => `applied ${rule(p.after)} to existing transactions`,
  "rule.application_undone": (p) => `undid applying ${rule(p.before)} to existing transactions`,
  "category.created": (p) =>
    str(p.after.parentCategoryId)
      ? `created ${category(p)} under ${categoryName(p.n, p.after.parentCategoryId)}`
      : `created ${category(p)}`,
  "category.renamed": (p) =>
    `renamed the category ${quoted(str(p.before.name) ?? "")} to ${quoted(str(p.after.name) ?? "")}`,
  "category.moved": (p) =>
    str(p.after.parentCategoryId)
      ? `moved ${category(p)} under ${categoryName(p.n, p.after.parentCategoryId)}`
      : `moved ${category(p)} to the top level`,
  "category.merged": (p) => {
    const moved = Number(p.after.transactionsMoved);
    const rows = Number.isFinite(moved) ? ` (${moved} ${moved === 1 ? "transaction" : "transactions"} moved)` : "";
    return `merged ${category(p)} into ${categoryName(p.n, p.after.mergedIntoId)}${rows}`;
  },
  "category.archived": (p) => `archived ${category(p)}`,
  "category.restored": (p) => `restored ${category(p)}`,
  "transaction.category_changed": (p) =>
    str(p.after.categoryId)
      ? `put ${transaction(p)} in ${categoryName(p.n, p.after.categoryId)}`
      : `cleared the category of ${transaction(p)}`,
  "counterpart.default_category_changed": (p) =>
    str(p.after.defaultCategoryId)
      ? `set the default category of ${counterpart(p.n, p.e.record.id)} to ${categoryName(p.n, p.after.defaultCategoryId)}`
      : `removed the default category of ${counterpart(p.n, p.e.record.id)}`,
  "recurring.confirmed": (p) =>
    p.after.confirmedAt ? "confirmed a recurring payment" : "took back the confirmation of a recurring payment",
  "recurring.renamed": (p) => {
    const now = str(p.after.name);
    return now
      ? `named a recurring payment ${quoted(now)}`
      : `removed the name ${quoted(str(p.before.name) ?? "")} of a recurring payment`;
  },
  "recurring.dismissed": () => "dismissed a recurring payment",
  "recurring.restored": () => "restored a dismissed recurring payment",
};

/** "the rule “Rent”", from the name an event carries. */
const rule = (fields: Record<string, unknown>) => {
  const name = str(fields.name);
  return name ? `the rule ${quoted(name)}` : "a rule";
};

/** The actions with a sentence of their own; any other reads as the generic one. */
export const ACTIONS_WITH_SENTENCES: readonly string[] = Object.keys(SENTENCES);

/** "account.archived" → "archived"; the record's kind in words. */
const words = (name: string) => name.replace(/[._]/g, " ").trim();

/** The generic sentence: who, what happened in the action's own words, and to what. */
function generic(p: Parts): string {
  const [, verb = p.e.action] = p.e.action.split(".");
  const what = p.e.record.type === "account" ? account(p) : `a ${words(p.e.record.type)}`;
  return `made a change to ${what} (${words(verb)})`;
}

export function auditSentence(e: SentenceEvent, n: AuditNames): string {
  const parts: Parts = { e, n, before: e.before ?? {}, after: e.after ?? {} };
  const predicate = SENTENCES[e.action] ?? generic;
  return `${who(e)} ${predicate(parts)}.`;
}
