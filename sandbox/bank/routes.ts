// The sandbox bank's routes under /sandbox-bank (the same paths it had on the app's origin):
//   GET  /api/directory?country=BE                           public: the ASPSP directory (not XS2A)
//   /api/banks/{bankId}/v1/consents…, /v1/accounts…          XS2A, the TPP (Consent-ID header)
//   GET  /{bankId}/authorize?consentId=…                     the SCA redirect page (a browser)
//   POST /{bankId}/authorize/login, …/authorize/decision     its form posts (303s)
//   GET  /app?user=…, POST /app/decision                     the banking app: decoupled requests to answer
//   /api/controls/…                                          the operator's (X-Sandbox-Control)
import { listAccounts, readAccount, readBalances } from "@/sandbox/bank/xs2a/accounts";
import {
  createConsent,
  deleteConsent,
  getConsent,
  getConsentScaStatus,
  getConsentStatus,
} from "@/sandbox/bank/xs2a/consents";
import { bankingAppPage, postAppDecision } from "@/sandbox/bank/pages/banking-app";
import { listTransactions } from "@/sandbox/bank/xs2a/transactions";
import { postDecision, postLogin } from "@/sandbox/bank/authorize";
import {
  accountTotals,
  directory,
  expireConsent,
  getClock,
  holdTransactions,
  postClock,
  postClockReset,
  releaseTransactions,
  revokeConsent,
  users,
} from "@/sandbox/bank/controls";
import { authorizePage } from "@/sandbox/bank/pages/authorize-page";
import { answer, json, tppMessages, type BankHandler, type BankSettings } from "@/sandbox/bank/xs2a/http";
import { CONTROL_CHALLENGE, CONTROL_REFUSAL, isOperator } from "@/sandbox/shared/control-secret";
import { SANDBOX_BANK_PREFIX } from "@/sandbox/shared/prefixes";

type Route = { method: string; pattern: string; handler: BankHandler; control?: true };

const BANK_API = "/api/banks/:bankId/v1";

const ROUTES: Route[] = [
  { method: "GET", pattern: "/api/directory", handler: directory },
  { method: "POST", pattern: `${BANK_API}/consents`, handler: createConsent },
  { method: "GET", pattern: `${BANK_API}/consents/:consentId`, handler: getConsent },
  { method: "DELETE", pattern: `${BANK_API}/consents/:consentId`, handler: deleteConsent },
  { method: "GET", pattern: `${BANK_API}/consents/:consentId/status`, handler: getConsentStatus },
  {
    method: "GET",
    pattern: `${BANK_API}/consents/:consentId/authorisations/:authorisationId`,
    handler: getConsentScaStatus,
  },
  { method: "GET", pattern: `${BANK_API}/accounts`, handler: listAccounts },
  { method: "GET", pattern: `${BANK_API}/accounts/:accountId`, handler: readAccount },
  { method: "GET", pattern: `${BANK_API}/accounts/:accountId/balances`, handler: readBalances },
  { method: "GET", pattern: `${BANK_API}/accounts/:accountId/transactions`, handler: listTransactions },
  { method: "GET", pattern: "/app", handler: bankingAppPage },
  { method: "POST", pattern: "/app/decision", handler: postAppDecision },
  { method: "GET", pattern: "/:bankId/authorize", handler: authorizePage },
  { method: "POST", pattern: "/:bankId/authorize/login", handler: postLogin },
  { method: "POST", pattern: "/:bankId/authorize/decision", handler: postDecision },
  { method: "GET", pattern: "/api/controls/users", handler: users, control: true },
  { method: "GET", pattern: "/api/controls/clock", handler: getClock, control: true },
  { method: "POST", pattern: "/api/controls/clock", handler: postClock, control: true },
  { method: "POST", pattern: "/api/controls/clock/reset", handler: postClockReset, control: true },
  { method: "POST", pattern: "/api/controls/consents/:consentId/expire", handler: expireConsent, control: true },
  { method: "POST", pattern: "/api/controls/consents/:consentId/revoke", handler: revokeConsent, control: true },
  { method: "GET", pattern: "/api/controls/accounts/:resourceId/totals", handler: accountTotals, control: true },
  { method: "POST", pattern: "/api/controls/accounts/:resourceId/hold", handler: holdTransactions, control: true },
  {
    method: "POST",
    pattern: "/api/controls/accounts/:resourceId/release",
    handler: releaseTransactions,
    control: true,
  },
];

/** The path's parameters when `pattern` matches it ("/a/:id" against "/a/x" → {id: "x"}), else null. */
function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(":")) {
      if (got[i] === "") return null;
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== got[i]) return null;
  }
  return params;
}

// Literal segments win over parameters (/api/directory is not the authorize page of a bank "api").
const literalFirst = (r: Route) => r.pattern.split("/").filter((s) => s.startsWith(":")).length;
const ORDERED = [...ROUTES].sort((a, b) => literalFirst(a) - literalFirst(b));

const refused = (request: Request, settings: BankSettings) =>
  answer(() => json(tppMessages("UNAUTHORIZED", CONTROL_REFUSAL), 401, CONTROL_CHALLENGE), request, {}, settings);

/** Answers a request under /sandbox-bank; null when the path is not the sandbox bank's. */
export function handleSandboxBank(
  request: Request,
  settings: BankSettings & { controlSecret: string | null },
): Promise<Response> | null {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith(`${SANDBOX_BANK_PREFIX}/`)) return null;
  const path = pathname.slice(SANDBOX_BANK_PREFIX.length);
  const matching = ORDERED.map((route) => ({ route, params: match(route.pattern, path) })).filter(
    (m): m is { route: Route; params: Record<string, string> } => m.params !== null,
  );
  const found = matching.find((m) => m.route.method === request.method);
  if (!found) {
    const allowed = [...new Set(matching.map((m) => m.route.method))];
    return Promise.resolve(
      allowed.length > 0
        ? json(tppMessages("SERVICE_INVALID", `${request.method} is not allowed here.`), 405, {
            allow: allowed.join(", "),
          })
        : json(tppMessages("RESOURCE_UNKNOWN", "No such resource at the sandbox bank."), 404),
    );
  }
  if (found.route.control && !isOperator(request, settings.controlSecret)) return refused(request, settings);
  return answer(found.route.handler, request, found.params, settings);
}
