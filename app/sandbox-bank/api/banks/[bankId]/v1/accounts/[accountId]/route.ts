// GET /sandbox-bank/api/banks/{bankId}/v1/accounts/{accountId}?withBalance= — Consent-ID header.
// One account's details.
import { readAccount } from "@/lib/sandbox-bank/xs2a/accounts";
import { bankRoute } from "@/lib/sandbox-bank/xs2a/http";

export const GET = bankRoute(readAccount);
