// The page chain a bank sends is followed only where it is safe: a NextGenPSD2 `next` link to
// another origin is never requested (it would carry our Consent-ID there), a repeated link or
// continuation key (a cycle) and an endless chain stop the run with the reason, after a bounded
// number of requests. Local HTTP banks answer the chains; the sync runs as a person's would.
import { createServer, type IncomingMessage, type RequestListener } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_PAGES_PER_READ } from "@/lib/banking/page-guard";
import { ENABLE_BANKING_INTEGRATION, SANDBOX_INTEGRATION } from "@/lib/banking/registry";
import { pool } from "@/lib/db/client";
import { stopBoss } from "@/lib/sync/queue";
import { EB_FAKE_PREFIX, SANDBOX_BANK_PREFIX } from "@/sandbox/shared/prefixes";
import { banksListener } from "@/testing/support/banks-listener";
import { makePerson } from "@/testing/support/fixtures";
import { listenOnLoopback, type Listening } from "@/testing/support/http-listener";
import { insertTrackedAccounts } from "@/testing/support/sync/accounts";
import { syncOnce } from "@/testing/support/sync-runs";

// The app is configured as for the banks (SANDBOX_BANK_URL, and Enable Banking by its environment:
// read when lib/env.ts loads, so set before the imports); this file's own bank answers at that origin
// in their place: a directory with one NextGenPSD2 bank, and Enable Banking's account API.
await vi.hoisted(async () => (await import("@/testing/support/test-banks-env")).useAggregatorFakes("enablebanking"));

const XS2A = SANDBOX_INTEGRATION;
const EB = ENABLE_BANKING_INTEGRATION;
/** A chain the runner does not stop ends here, so a runner without a guard finishes (and fails the test) instead of hanging. */
const SAFETY_END = 200;
/** The page cap these tests run with (the default, MAX_PAGES_PER_READ, is checked below). */
const CAP = 25;

type Seen = { account: string; page: string; consentId: string | null };
const seenAtBank: Seen[] = [];
const seenElsewhere: Seen[] = [];
const requestsFor = (account: string) => seenAtBank.filter((s) => s.account === account);

const booked = (account: string, page: string) => ({
  transactionId: `${account}-${page}`,
  bookingDate: "2026-11-20",
  valueDate: "2026-11-20",
  transactionAmount: { amount: "-1.00", currency: "EUR" },
  creditorName: `Shop ${page}`,
});

function seen(req: IncomingMessage, account: string, page: string): Seen {
  return { account, page, consentId: (req.headers["consent-id"] as string | undefined) ?? null };
}

let elsewhere: Listening;
const elsewhereServer = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  seenElsewhere.push(seen(req, url.pathname, url.searchParams.get("page") ?? ""));
  res.writeHead(200, { "content-type": "application/json" }).end('{"transactions":{"booked":[]}}');
});

/** XS2A pages: `page` n (absent: 1) links to the next one as each account's chain says. */
function xs2aNext(account: string, page: number, base: string): string | null {
  if (requestsFor(account).length >= SAFETY_END) return null;
  const link = (n: number) => `/xs2a/v1/accounts/${account}/transactions?page=${n}`;
  if (account === "foreign") return page === 1 ? `${elsewhere.origin}${link(2)}` : null;
  if (account === "relative") return page === 1 ? link(2) : null;
  if (account === "absolute") return page === 1 ? `${base}${link(2)}` : null;
  if (account === "cycle") return link(page === 3 ? 2 : page + 1);
  return link(page + 1); // endless
}

/** Enable Banking pages: no key → k1, k1 → k2, and then the chain (cycle: k2 → k1). */
function ebNext(account: string, key: string | null): string | null {
  const n = key ? Number(key.slice(1)) : 0;
  if (requestsFor(account).length >= SAFETY_END) return null;
  if (account === "eb-cycle" && n === 2) return "k1";
  return `k${n + 1}`;
}

const bank = banksListener();
const bankEntry = { bankId: "paging-bank", name: "Paging Bank", bic: null, countryCode: "BE" };
const EB_ACCOUNTS = new RegExp(`^${EB_FAKE_PREFIX}/api/accounts/([^/]+)/transactions$`);
const serveBank: RequestListener = (req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  const xs2a = /^\/xs2a\/v1\/accounts\/([^/]+)\/transactions$/.exec(url.pathname);
  const eb = EB_ACCOUNTS.exec(url.pathname);
  let body: unknown;
  if (url.pathname === `${SANDBOX_BANK_PREFIX}/api/directory`) {
    body = { banks: [{ ...bankEntry, baseUrl: `${bank.origin}/xs2a` }], countries: [] };
  } else if (url.pathname.endsWith("/balances")) {
    body = { balances: [] };
  } else if (xs2a) {
    const page = Number(url.searchParams.get("page") ?? "1");
    seenAtBank.push(seen(req, xs2a[1], String(page)));
    const next = xs2aNext(xs2a[1], page, bank.origin);
    body = {
      transactions: { booked: [booked(xs2a[1], String(page))], _links: next ? { next: { href: next } } : {} },
    };
  } else if (eb) {
    const key = url.searchParams.get("continuation_key");
    seenAtBank.push(seen(req, eb[1], key ?? ""));
    const { transactionId, bookingDate, valueDate } = booked(eb[1], key ?? "k0");
    body = {
      transactions: [
        {
          transaction_id: transactionId,
          booking_date: bookingDate,
          value_date: valueDate,
          transaction_amount: { amount: "1.00", currency: "EUR" },
          credit_debit_indicator: "DBIT",
          status: "BOOK",
        },
      ],
      continuation_key: ebNext(eb[1], key),
    };
  } else {
    res.writeHead(404, { "content-type": "application/json" }).end("{}");
    return;
  }
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
};

let person: Awaited<ReturnType<typeof makePerson>>;
const accountIds = new Map<string, string>();

beforeAll(async () => {
  bank.serve(serveBank);
  elsewhere = await listenOnLoopback(elsewhereServer);
  person = await makePerson("paging");
  const names = { [XS2A]: ["foreign", "relative", "absolute", "cycle", "endless"], [EB]: ["eb-cycle", "eb-endless"] };
  for (const [integration, accounts] of Object.entries(names)) {
    const ids = await insertTrackedAccounts(
      person.scopeId,
      person.userId,
      accounts.map((externalId) => ({ bankId: "paging-bank", externalId, bankConsentId: `consent-${externalId}` })),
    );
    await pool().query(
      `UPDATE tracked_accounts SET integration_name = $2, auto_updates_per_day = 0 WHERE id = ANY($1::uuid[])`,
      [ids, integration],
    );
    await pool().query(
      "UPDATE consents SET integration_name = $2 WHERE id IN (SELECT consent_id FROM tracked_accounts WHERE id = ANY($1::uuid[]))",
      [ids, integration],
    );
    accounts.forEach((name, i) => accountIds.set(name, ids[i]));
  }
});

afterAll(async () => {
  await stopBoss();
  bank.serve(null);
  await elsewhere.close();
});

const sync = (account: string) => syncOnce(accountIds.get(account)!, person.scopeId, { maxPages: CAP });
const stored = async (account: string) =>
  (
    await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM transactions WHERE account_id = $1", [
      accountIds.get(account),
    ])
  ).rows[0].n;

/** A sync of `account` whose chain repeats a link or key: the run fails once `pages` were asked for. */
async function expectStoppedAtRepeat(account: string, pages: string[]) {
  const run = await sync(account);
  expect(requestsFor(account).map((s) => s.page)).toEqual(pages);
  expect(run.state).toBe("failed");
  expect(run.lastError).toMatch(/repeat/i);
}

/** A sync of `account` whose chain never ends: the run fails at the page cap. */
async function expectStoppedAtCap(account: string) {
  const run = await sync(account);
  expect(requestsFor(account)).toHaveLength(CAP);
  expect(run.state).toBe("failed");
  expect(run.lastError).toMatch(new RegExp(`${CAP} pages`));
}

describe("following a NextGenPSD2 bank's next links", () => {
  it("a link to another origin is never requested, so our Consent-ID never goes there; the run fails saying so", async () => {
    const run = await sync("foreign");
    expect(seenElsewhere).toEqual([]);
    expect(requestsFor("foreign").map((s) => s.consentId)).toEqual(["consent-foreign"]);
    expect(run.state).toBe("failed");
    expect(run.lastError).toMatch(/another (host|origin)/);
  });

  it("links on the bank's own origin, relative or absolute, are followed", async () => {
    for (const account of ["relative", "absolute"]) {
      const run = await sync(account);
      expect([run.state, run.pages, await stored(account)]).toEqual(["succeeded", 2, 2]);
      expect(requestsFor(account).map((s) => s.page)).toEqual(["1", "2"]);
    }
  });

  it("a link seen before in the same read (a cycle) stops the run before it is requested again", async () => {
    await expectStoppedAtRepeat("cycle", ["1", "2", "3"]);
  });

  it("an endless chain stops at the page cap", async () => {
    await expectStoppedAtCap("endless");
  });
});

describe("following Enable Banking's continuation keys", () => {
  it("a repeated key (a cycle) stops the run before it is sent again", async () => {
    await expectStoppedAtRepeat("eb-cycle", ["", "k1", "k2"]);
  });

  it("an endless chain stops at the page cap", async () => {
    await expectStoppedAtCap("eb-endless");
  });
});

describe("the page cap", () => {
  it("is 10,000 pages per read unless a caller asks for fewer", () => {
    expect(MAX_PAGES_PER_READ).toBe(10_000);
  });
});
