// The named test users (SANDBOX.md): each selects one behaviour and one set of accounts. Any other
// well-formed user id gets the default private current account and approves.
export type Behaviour =
  | "approve"
  | "deny"
  | "slow"
  | "decoupled"
  | "ratelimited"
  | "flaky"
  | "pending"
  | "reissue"
  | "expiring"
  | "namesakes"
  | "noids"
  | "oldhold"
  | "cancelled"
  | "oddities"
  | "recurring"
  | "bulk";

export type AccountKind =
  "private-current" | "private-savings" | "company-main" | "company-ops" | "company-reserve" | "payment" | "bulk";

export type Flavour = "standard" | "namesakes" | "pending" | "recurring";

export type UserProfile = {
  userId: string;
  behaviour: Behaviour;
  ownerName: string;
  flavour: Flavour;
  /** Days of history before the real date (bulk: ignored, see bulkCount). */
  historyDays: number;
  accounts: readonly AccountKind[];
  bulkCount: number | null;
  description: string;
};

type Definition = Omit<UserProfile, "userId" | "bulkCount" | "flavour"> & { flavour?: Flavour };

const PRIVATE = ["private-current"] as const;

const DEFINITIONS: Record<string, Definition> = {
  alice: {
    behaviour: "approve",
    ownerName: "Alice Martin",
    historyDays: 548,
    accounts: ["private-current", "private-savings"],
    description:
      "Approves. A private current account (EUR) and a savings account; ~18 months of history; transactions of the last 2 sandbox days are pending.",
  },
  "bob.company": {
    behaviour: "approve",
    ownerName: "Bobrix Logistics BV",
    historyDays: 548,
    accounts: ["company-main", "company-ops", "company-reserve"],
    description:
      "Approves. Three company accounts (usage ORGA) with ~5,000 transactions in total over ~18 months; many SEPA direct debits carrying creditorId and mandateId; payroll; sweeps to the reserve account.",
  },
  "carol.payment": {
    behaviour: "approve",
    ownerName: "Carol Dubois",
    historyDays: 365,
    accounts: ["payment"],
    description:
      "Approves. One e-money (prepaid card) payment account, cashAccountType CARD; top-ups and many small card payments.",
  },
  deny: {
    behaviour: "deny",
    ownerName: "Dana Nyström",
    historyDays: 180,
    accounts: PRIVATE,
    description:
      "The bank declines the authorisation even when Approve is pressed: the consent ends rejected and the browser is sent to the TPP-Nok-Redirect-URI.",
  },
  slow: {
    behaviour: "slow",
    ownerName: "Samuel Low",
    historyDays: 180,
    accounts: PRIVATE,
    description:
      "After Approve the browser is redirected at once, but the consent stays received for SANDBOX_SLOW_APPROVAL_SECONDS (default 5) and only then becomes valid.",
  },
  decoupled: {
    behaviour: "decoupled",
    ownerName: "Dex Koppel",
    historyDays: 180,
    accounts: PRIVATE,
    description:
      "Approves in the bank's app, not by redirect: a consent asked with PSU-ID decoupled is answered with scaApproach DECOUPLED (no redirect link, an SCA status link instead); the request waits on the banking app page (/sandbox-bank/app?user=decoupled) for Approve or Decline, and fails after 5 minutes unanswered.",
  },
  ratelimited: {
    behaviour: "ratelimited",
    ownerName: "Rita Limmer",
    historyDays: 180,
    accounts: PRIVATE,
    description:
      "The transactions endpoint answers 429 ACCESS_EXCEEDED with Retry-After: 1 to the first 2 calls of each sync (a sync starts with a first-page request after 30 s without transactions calls for that consent and account), then normally.",
  },
  flaky: {
    behaviour: "flaky",
    ownerName: "Felix Flak",
    historyDays: 180,
    accounts: PRIVATE,
    description:
      "Every third transaction page of a sync (pageIndex 0, 3, 6, …; so every sync, at every bank and page size) answers 500, 502 or 503 (by bank and page) to its first 1 or 2 attempts; retries then succeed.",
  },
  pending: {
    behaviour: "pending",
    ownerName: "Penny Ending",
    flavour: "pending",
    historyDays: 180,
    accounts: PRIVATE,
    description:
      "Transactions of the last 4 sandbox days are pending (not 2); about a third of pending card payments are booked later with a slightly different amount (same transactionId).",
  },
  reissue: {
    behaviour: "reissue",
    ownerName: "Rémi Issel",
    historyDays: 180,
    accounts: PRIVATE,
    description:
      "transactionId and entryReference are derived from the content and the sandbox clock offset: each time the clock moves, every transaction gets a new id while its content stays the same.",
  },
  expiring: {
    behaviour: "expiring",
    ownerName: "Eva Spiring",
    historyDays: 180,
    accounts: PRIVATE,
    description:
      "On approval the consent's validUntil is set to sandbox today + 2 days (whatever was asked), so it expires within 3 days.",
  },
  namesakes: {
    behaviour: "namesakes",
    ownerName: "Nina Sakes",
    flavour: "namesakes",
    historyDays: 365,
    accounts: PRIVATE,
    description:
      "The same parties appear under several spellings (ALBERT HEIJN 1234 AMSTERDAM, Albert Heijn B.V., AH to go), with several IBANs for one party, and behind intermediaries (creditorName Adyen/Stripe/PayPal, ultimateCreditor the shop).",
  },
  noids: {
    behaviour: "noids",
    ownerName: "Noa Idless",
    historyDays: 120,
    accounts: PRIVATE,
    description:
      "The bank sends no transactionId and no entryReference on any entry. Every day two identical card payments at CAFE DE LA GARE (same amount, date and text; three on every fifth day of the month) besides the usual entries.",
  },
  oldhold: {
    behaviour: "oldhold",
    ownerName: "Olga Holder",
    historyDays: 120,
    accounts: PRIVATE,
    description:
      "A card pre-authorisation (RENTACAR DEPOSIT, -300.00) dated 40 days before the real date stays pending for 60 days after its date, then is released (no longer listed): a pending entry far older than a sync's incremental window.",
  },
  cancelled: {
    behaviour: "cancelled",
    ownerName: "Cas Cancel",
    historyDays: 120,
    accounts: PRIVATE,
    description:
      "Every day a transfer to Garage Verhaegen is listed while pending and then cancelled (never booked); 2 days later the same amount is paid to the same IBAN again, with new ids, a new end-to-end id and its own text.",
  },
  oddities: {
    behaviour: "oddities",
    ownerName: "Otto Oddie",
    historyDays: 120,
    accounts: PRIVATE,
    description:
      "What older core banking systems send, within the spec: every day a direct debit whose creditorName and remittanceInformationUnstructured are padded with NUL characters (fixed-width fields; \\u0000 in the JSON), and on every seventh day of the month a payment whose transactionId is 3,000 characters long.",
  },
  recurring: {
    behaviour: "recurring",
    ownerName: "Rick Curran",
    flavour: "recurring",
    historyDays: 548,
    accounts: PRIVATE,
    description:
      "Approves. A private current account (~18 months) whose recurring payments are known (sandbox/bank/data/recurring-truth.ts): salary on the last working day, rent on the 1st moved off weekends, two subscriptions of one streaming service at two amounts, a gym debit that rises once, a newspaper that stops, weekly, fortnightly and quarterly payments, and noise from the same counterparts.",
  },
};

const BULK_MAX = 1_000_000;
const USER_ID = /^[a-z0-9][a-z0-9._-]{0,39}$/;

const DEFAULT_DESCRIPTION =
  "Any other user id (letters, digits, . _ -; up to 40) approves with one private current account and 12 months of history.";

type UserLookup = { ok: true; profile: UserProfile } | { ok: false; message: string };

function normaliseUserId(raw: string): string {
  return raw.trim().toLowerCase();
}

export function resolveUser(rawUserId: string): UserLookup {
  const userId = normaliseUserId(rawUserId);
  if (!USER_ID.test(userId)) {
    return { ok: false, message: "User IDs are 1–40 characters: lower-case letters, digits, dot, dash or underscore." };
  }
  if (userId.startsWith("bulk-")) {
    const n = /^bulk-(\d{1,7})$/.exec(userId);
    const count = n ? Number(n[1]) : NaN;
    if (!Number.isInteger(count) || count < 1 || count > BULK_MAX) {
      return { ok: false, message: `bulk-N needs a whole number N from 1 to ${BULK_MAX}, e.g. bulk-100000.` };
    }
    return {
      ok: true,
      profile: {
        userId: `bulk-${count}`,
        behaviour: "bulk",
        ownerName: "Bulk Tester",
        flavour: "standard",
        historyDays: 1095,
        accounts: ["bulk"],
        bulkCount: count,
        description: BULK_DESCRIPTION,
      },
    };
  }
  const definition = DEFINITIONS[userId];
  if (definition)
    return { ok: true, profile: { ...definition, flavour: definition.flavour ?? "standard", userId, bulkCount: null } };
  return {
    ok: true,
    profile: {
      userId,
      behaviour: "approve",
      ownerName: `Sandbox User ${userId}`,
      flavour: "standard",
      historyDays: 365,
      accounts: PRIVATE,
      bulkCount: null,
      description: DEFAULT_DESCRIPTION,
    },
  };
}

const BULK_DESCRIPTION =
  "bulk-N (1 ≤ N ≤ 1,000,000, e.g. bulk-100000): approves; one current account with exactly N booked transactions spread evenly over the ~3 years before the real date (the sandbox clock adds none); pages are generated by index.";

type TestUserDoc = {
  userId: string;
  behaviour: Behaviour;
  ownerName: string | null;
  accounts: readonly AccountKind[];
  description: string;
};

export function testUsers(): TestUserDoc[] {
  const named = Object.entries(DEFINITIONS).map(([userId, d]) => ({
    userId,
    behaviour: d.behaviour,
    ownerName: d.ownerName,
    accounts: d.accounts,
    description: d.description,
  }));
  return [
    ...named,
    {
      userId: "bulk-N",
      behaviour: "bulk",
      ownerName: "Bulk Tester",
      accounts: ["bulk"],
      description: BULK_DESCRIPTION,
    },
    {
      userId: "(any other id)",
      behaviour: "approve",
      ownerName: null,
      accounts: PRIVATE,
      description: DEFAULT_DESCRIPTION,
    },
  ];
}
