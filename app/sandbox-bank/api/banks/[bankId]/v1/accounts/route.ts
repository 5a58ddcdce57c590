// GET /sandbox-bank/api/banks/{bankId}/v1/accounts?withBalance= — Consent-ID header. The accounts
// the consent covers; without PSU-IP-Address the call counts against frequencyPerDay.
import { listAccounts } from "@/lib/sandbox-bank/xs2a/accounts";
import { bankRoute } from "@/lib/sandbox-bank/xs2a/http";

export const GET = bankRoute(listAccounts);
