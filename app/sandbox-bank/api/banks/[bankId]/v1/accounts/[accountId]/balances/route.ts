// GET /sandbox-bank/api/banks/{bankId}/v1/accounts/{accountId}/balances — Consent-ID header.
// closingBooked and interimAvailable as of the sandbox date.
import { readBalances } from "@/lib/sandbox-bank/xs2a/accounts";
import { bankRoute } from "@/lib/sandbox-bank/xs2a/http";

export const GET = bankRoute(readBalances);
