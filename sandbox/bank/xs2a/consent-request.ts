// Validation of POST /v1/consents like an ASPSP does it: headers, then the body per the spec's
// `consents` schema, then the dates against the bank's (sandbox) today.
import { z } from "zod";
import { addDays, isDateOnly, type DateOnly } from "@/sandbox/bank/data/dates";
import { resolveUser } from "@/sandbox/bank/data/users";
import type { ConsentAccess, ScaApproach } from "@/sandbox/bank/store/consents";
import { formatError } from "@/sandbox/bank/xs2a/http";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Future dates are adjusted to at most this many days (the spec lets the ASPSP adjust validUntil). */
const MAX_VALIDITY_DAYS = 180;

const accountRef = z.object({
  iban: z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{1,30}$/, "must be an IBAN"),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
const allAccounts = z.enum(["allAccounts", "allAccountsWithOwnerName"]);

const access = z
  .object({
    accounts: z.array(accountRef).optional(),
    balances: z.array(accountRef).optional(),
    transactions: z.array(accountRef).optional(),
    availableAccounts: allAccounts.optional(),
    availableAccountsWithBalance: allAccounts.optional(),
    allPsd2: allAccounts.optional(),
  })
  .refine(
    (a) => Object.values(a).some((v) => v !== undefined),
    "must request accounts, balances, transactions, availableAccounts, availableAccountsWithBalance or allPsd2",
  )
  .refine(
    (a) =>
      !(
        (a.allPsd2 || a.availableAccounts || a.availableAccountsWithBalance) &&
        (a.accounts || a.balances || a.transactions)
      ),
    "allPsd2/availableAccounts cannot be combined with account lists",
  );

const body = z.object({
  access,
  recurringIndicator: z.boolean(),
  validUntil: z.string().refine(isDateOnly, "must be a date YYYY-MM-DD"),
  frequencyPerDay: z.number().int("must be an integer").min(1, "must be at least 1"),
  combinedServiceIndicator: z.boolean(),
});

type ConsentRequest = {
  requestId: string;
  /** The PSU-ID header, when given: a PSU enrolled in app approval (user decoupled) gets DECOUPLED. */
  psuId: string | null;
  scaApproach: ScaApproach;
  /** Empty for a decoupled request sent without one (nobody is redirected). */
  redirectUri: string;
  nokRedirectUri: string | null;
  access: ConsentAccess;
  recurringIndicator: boolean;
  validUntil: DateOnly;
  frequencyPerDay: number;
  combinedServiceIndicator: boolean;
};

function absoluteHttpUrl(value: string | null, header: string): string | null {
  if (value === null || value === "") return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw formatError(`${header} must be an absolute http(s) URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw formatError(`${header} must be an absolute http(s) URL.`);
  return value;
}

export async function parseConsentRequest(request: Request, today: DateOnly): Promise<ConsentRequest> {
  const requestId = request.headers.get("x-request-id");
  if (!requestId) throw formatError("The X-Request-ID header is required.");
  if (!UUID.test(requestId)) throw formatError("X-Request-ID must be a UUID.");
  // The ASPSP chooses the approach (TPP-Redirect-Preferred is a preference): a PSU enrolled in app
  // approval is asked in the app; everyone else is redirected.
  const psuId = request.headers.get("psu-id")?.trim() || null;
  const psu = psuId ? resolveUser(psuId) : null;
  const scaApproach: ScaApproach = psu?.ok && psu.profile.behaviour === "decoupled" ? "DECOUPLED" : "REDIRECT";
  if (scaApproach === "REDIRECT" && request.headers.get("tpp-redirect-preferred") === "false") {
    throw formatError(
      "This ASPSP approves by redirect, or in its app for PSUs enrolled there (name one in PSU-ID); TPP-Redirect-Preferred must not be false otherwise.",
    );
  }
  const redirectUri = absoluteHttpUrl(request.headers.get("tpp-redirect-uri"), "TPP-Redirect-URI");
  if (!redirectUri && scaApproach === "REDIRECT")
    throw formatError("The TPP-Redirect-URI header is required for the redirect approach.");
  const nokRedirectUri = absoluteHttpUrl(request.headers.get("tpp-nok-redirect-uri"), "TPP-Nok-Redirect-URI");

  let raw: unknown;
  try {
    raw = JSON.parse(await request.text());
  } catch {
    throw formatError("The body must be a JSON consent request.");
  }
  const parsed = body.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw formatError(`${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  const b = parsed.data;
  if (b.validUntil < today)
    throw formatError(`validUntil ${b.validUntil} is in the past (the bank's date is ${today}).`);
  if (!b.recurringIndicator && b.frequencyPerDay !== 1)
    throw formatError("A one-off consent (recurringIndicator false) has frequencyPerDay 1.");
  const maxDate = addDays(today, MAX_VALIDITY_DAYS);
  return {
    requestId,
    psuId: psu?.ok ? psu.profile.userId : null,
    scaApproach,
    redirectUri: redirectUri ?? "",
    nokRedirectUri,
    access: b.access,
    recurringIndicator: b.recurringIndicator,
    validUntil: b.validUntil > maxDate ? maxDate : b.validUntil,
    frequencyPerDay: b.frequencyPerDay,
    combinedServiceIndicator: b.combinedServiceIndicator,
  };
}
