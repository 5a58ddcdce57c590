// GET /sandbox-bank/api/banks/{bankId}/v1/accounts/{accountId}/transactions — Consent-ID header.
// bookingStatus, dateFrom, dateTo, pageIndex, itemsPerPage; booked/pending lists and paging links.
import { listTransactions } from "@/lib/sandbox-bank/xs2a/transactions";
import { bankRoute } from "@/lib/sandbox-bank/xs2a/http";

export const GET = bankRoute(listTransactions);
