// The transactions page read alongside the credentials (lib/api/prefetch.ts): once a token was
// admitted to a scope, its next pages are read while its credentials are checked. The page is byte
// for byte the one read after them, rows of every kind included; and every check still decides:
// a token revoked or expired since, a membership removed since, another scope's account, an App
// token naming another scope, an invalid cursor behind refused credentials — none gets data, each
// answers what it answered before, and refused credentials start no more reads.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import {
  transactionsList,
  transactionsQuery,
  serializeTransaction,
} from "@/lib/accounttracking/transactions/transactions";
import type { TransactionRow } from "@/lib/accounttracking/transactions/transactions";
import { contractOf } from "@/lib/api/methods";
import { credentialKey, startPrefetch } from "@/lib/api/prefetch";
import { pool } from "@/lib/db/client";
import { pageOf } from "@/lib/pagination";
import { bearer, call } from "@/testing/support/http";
import { makeAppToken, makePerson } from "@/testing/support/fixtures";
import { storedAccount } from "@/testing/support/stored-account";

type Person = Awaited<ReturnType<typeof makePerson>>;
type Page = { data?: { id: string }[]; meta: { requestId: string; page?: { nextCursor: string | null } } };
type Refusal = { data?: unknown; error: { code: string } };

const PATH = "/api/accounttracking/v1/accounts/x/transactions";

const get = (headers: Record<string, string>, accountId: string, query = "perPage=3") =>
  call<Page & Refusal>(listRoute.GET, "GET", PATH, { headers, params: { id: accountId }, query });

/** Whether the kernel would now read this token's page alongside its credentials. */
function readsEarly(token: string, scopeId: string, accountId: string): boolean {
  const request = new Request("http://localhost/x", { headers: bearer(token, scopeId) });
  const url = new URL(`http://localhost${PATH}?perPage=3`);
  const noRead = () => Promise.resolve(null);
  return (
    startPrefetch(
      contractOf(listRoute.GET)!,
      credentialKey(request, scopeId),
      scopeId,
      { id: accountId },
      url,
      noRead,
    ) !== null
  );
}

/** The page as the route serialised it before it could be prefetched: the rows, then JSON.stringify. */
async function oldSerialisation(
  accountId: string,
  scopeId: string,
  requestId: string,
  perPage: number,
  cursor?: string,
) {
  const filter = { scopeId, perPage, cursor };
  const { rows } = await pool().query<TransactionRow>(transactionsQuery(accountId, filter));
  const page = pageOf(transactionsList(accountId, filter), rows, perPage, (r) => [r.sort_date, r.id]);
  return JSON.stringify({ data: page.items.map(serializeTransaction), meta: { requestId, ...page.meta } });
}

/** Rows with every kind of value: negative, zero and large amounts, nulls, unicode and escapes, tags, notes. */
async function rowsOfEveryKind(person: Person, accountId: string) {
  const counterpart = await pool().query<{ id: string }>(
    "INSERT INTO counterparts (id, scope_id, name, alias) VALUES (gen_random_uuid(), $1, 'ACME NV', 'Acme ✓ \"the\" shop') RETURNING id",
    [person.scopeId],
  );
  const rows: unknown[][] = [
    // amount, status, booking, value, creditor, ultimate creditor, debtor, remittance, note, tags, override, bound
    [
      "-12.34",
      "booked",
      "2026-03-09",
      "2026-03-09",
      'Café "Le Zinc" \\ Paris',
      null,
      null,
      "tab\there\u0001",
      "line1\nline2",
      ["holiday", "Ünïcødé 🚀"],
      null,
      null,
    ],
    ["0.00", "booked", "2026-03-08", "2026-03-08", null, null, null, null, null, [], null, null],
    ["1500.50", "booked", "2026-03-07", null, null, null, "北京银行", "Facture n° 7 — €", "", ["x"], true, null],
    [
      "-0.01",
      "pending",
      null,
      "2026-03-06",
      "Shop",
      "Ultimate Ω",
      null,
      "\u2028 \u00e9\u0301",
      null,
      [],
      false,
      counterpart.rows[0].id,
    ],
    ["99999999999.99", "booked", "2026-03-05", "2026-03-05", null, null, "Self", "</script>", "a\\b", [], null, null],
  ];
  for (const [i, r] of rows.entries()) {
    await pool().query(
      `INSERT INTO transactions (id, scope_id, account_id, external_id, entry_reference, status, booking_date, value_date,
         sort_date, amount, currency, creditor_name, creditor_iban, ultimate_creditor, debtor_name, debtor_iban,
         remittance_information, note, tags, transfer_override, bound_counterpart_id, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5::"TransactionStatus", $6, $7, coalesce($6, $7), $8::numeric, 'EUR', $9,
         $10, $11, $12, $13, $14, $15, $16::text[], $17, $18::uuid, now())`,
      [
        person.scopeId,
        accountId,
        `ext-${i}-ü`,
        i % 2 ? `ref ${i}` : null,
        r[1],
        r[2],
        r[3],
        r[0],
        r[4],
        i === 0 ? "BE68 5390 0754 7034" : null,
        r[5],
        r[6],
        i === 2 ? "NL91ABNA0417164300" : null,
        r[7],
        r[8],
        r[9],
        r[10],
        r[11],
      ],
    );
  }
}

let alice: Person;
let account: string;

beforeAll(async () => {
  alice = await makePerson("alice");
  account = (await storedAccount(alice, 0)).accountId;
  await rowsOfEveryKind(alice, account);
});

describe("a page read alongside the credentials", () => {
  it("is byte for byte the page read after them, and the rows' serialisation as before", async () => {
    const headers = bearer(alice.token, alice.scopeId);
    expect(readsEarly(alice.token, alice.scopeId, account)).toBe(false);
    const after = await get(headers, account);
    expect(after.status, after.text).toBe(200);
    expect(readsEarly(alice.token, alice.scopeId, account)).toBe(true);
    const early = await get(headers, account);
    const withoutId = (text: string, id: string) => text.replace(id, "<id>");
    expect(withoutId(early.text, early.json.meta.requestId)).toBe(withoutId(after.text, after.json.meta.requestId));
    expect(early.text).toBe(await oldSerialisation(account, alice.scopeId, early.json.meta.requestId, 3));

    // The next page, through the cursor, read early too.
    const cursor = early.json.meta.page?.nextCursor ?? "";
    const next = await get(headers, account, `perPage=3&cursor=${cursor}`);
    expect(next.status).toBe(200);
    expect(next.text).toBe(await oldSerialisation(account, alice.scopeId, next.json.meta.requestId, 3, cursor));
    expect(next.json.data).toHaveLength(2);
    // What the bytes hold, pinned: decimal strings, nulls, escapes and unicode as JSON.stringify writes them.
    const all = early.text + next.text;
    for (const fragment of [
      '"amount":"-12.34"',
      '"amount":"0.00"',
      '"amount":"-0.01"',
      '"creditorName":"Café \\"Le Zinc\\" \\\\ Paris"',
      '"remittanceInformation":"tab\\there\\u0001"',
      '"note":"line1\\nline2"',
      '"tags":["holiday","Ünïcødé 🚀"]',
      '"tags":[]',
      '"counterpartName":null',
      '"counterpartDisplayName":"Acme ✓ \\"the\\" shop"',
      '"transferSource":"person"',
      '"bookingDate":null',
      '"debtorName":"北京银行"',
    ])
      expect(all).toContain(fragment);
  });

  it("a token revoked or expired since it was admitted gets 401 and no data, and starts no more reads", async () => {
    for (const change of ["revoked_at = now()", "expires_at = now() - interval '1 second'"]) {
      const p = await makePerson("leaver");
      const { accountId } = await storedAccount(p, 3);
      expect((await get(bearer(p.token, p.scopeId), accountId)).status).toBe(200);
      expect(readsEarly(p.token, p.scopeId, accountId)).toBe(true);
      await pool().query(`UPDATE api_tokens SET ${change} WHERE id = $1`, [p.tokenId]);
      const refused = await get(bearer(p.token, p.scopeId), accountId);
      expect(refused.status, change).toBe(401);
      expect(refused.json.error.code).toBe("unauthenticated");
      expect(refused.json.data).toBeUndefined();
      expect(readsEarly(p.token, p.scopeId, accountId)).toBe(false);
    }
  });

  it("a membership removed since gets 404 like any scope not one's own, with no data", async () => {
    const p = await makePerson("removed");
    const { accountId } = await storedAccount(p, 3);
    expect((await get(bearer(p.token, p.scopeId), accountId)).status).toBe(200);
    await pool().query("DELETE FROM memberships WHERE user_id = $1 AND scope_id = $2", [p.userId, p.scopeId]);
    const refused = await get(bearer(p.token, p.scopeId), accountId);
    const unknownScope = await get(bearer(p.token, randomUUID()), accountId);
    expect(refused.status).toBe(404);
    expect(refused.json.data).toBeUndefined();
    expect(refused.text.replace(refused.json.meta.requestId, "")).toBe(
      unknownScope.text.replace(unknownScope.json.meta.requestId, ""),
    );
    expect(readsEarly(p.token, p.scopeId, accountId)).toBe(false);
  });

  it("another scope's account, read with credentials admitted to one's own scope, is 404 like a missing one", async () => {
    const bob = await makePerson("bob");
    const { accountId: bobs } = await storedAccount(bob, 3);
    const headers = bearer(alice.token, alice.scopeId);
    expect((await get(headers, account)).status).toBe(200);
    expect(readsEarly(alice.token, alice.scopeId, bobs)).toBe(true);
    const foreign = await get(headers, bobs);
    const missing = await get(headers, randomUUID());
    expect(foreign.status).toBe(404);
    expect(foreign.text.replace(foreign.json.meta.requestId, "")).toBe(
      missing.text.replace(missing.json.meta.requestId, ""),
    );
    // An App token of bob's scope naming alice's scope: not admitted there, never any data.
    const app = await makeAppToken(bob.scopeId, "member");
    expect((await get(bearer(app.token, bob.scopeId), bobs)).status).toBe(200);
    const across = await get(bearer(app.token, alice.scopeId), account);
    expect(across.status).toBe(404);
    expect(across.json.data).toBeUndefined();
  });

  it("a bad cursor behind refused credentials answers 401 first, as before; behind good ones 422", async () => {
    const p = await makePerson("cursor");
    const { accountId } = await storedAccount(p, 3);
    expect((await get(bearer(p.token, p.scopeId), accountId)).status).toBe(200);
    const bad = await get(bearer(p.token, p.scopeId), accountId, "cursor=forged.AAAAAAAAAAAAAAAAAAAAAA");
    expect(bad.status).toBe(422);
    // Refused after its checks passed: the credentials stay admitted, so the next read starts early.
    expect(readsEarly(p.token, p.scopeId, accountId)).toBe(true);
    await pool().query("UPDATE api_tokens SET revoked_at = now() WHERE id = $1", [p.tokenId]);
    const refused = await get(bearer(p.token, p.scopeId), accountId, "cursor=forged.AAAAAAAAAAAAAAAAAAAAAA");
    expect(refused.status).toBe(401);
  });
});
