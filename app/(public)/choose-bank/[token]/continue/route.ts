// POST /choose-bank/{token}/continue — public (the hosted bank picker's button; the signed link is
// the credential). Body {bankId}: creates the consent at that bank and answers
// {authorizationUrl} for the browser to follow. A link that expired or was used → 409.
import { z } from "zod";
import { conflict } from "@/lib/errors";
import { methods, route, unscoped } from "@/lib/api/route";
import { accessContext } from "@/lib/api/access-context";
import { chooseBank } from "@/lib/accounttracking/consents/bank-picker";
import { BANK_ERRORS } from "@/lib/openapi/errors";

const REFUSED = {
  unknown: "This link is not valid; ask whoever sent you here to start again.",
  expired: "This link has expired; ask whoever sent you here to start again.",
  used: "This link was already used; ask whoever sent you here to start again.",
  not_pending: "This connection is no longer waiting for a bank.",
} as const;

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  POST: route("continueToChosenBank", "Hosted bank picker: create the consent at the chosen bank", {
    description: "Not part of the public API.",
    ...unscoped("public"),
    body: z.strictObject({ bankId: z.string().trim().min(1, "Choose a bank").max(100) }),
    responses: { 200: z.object({ authorizationUrl: z.string() }) },
    errors: BANK_ERRORS,
    handler: async ({ params, body, request, requestId }) => {
      const chosen = await chooseBank(params.token ?? "", body.bankId, accessContext(request, null, requestId));
      if (!chosen.ok) throw conflict(REFUSED[chosen.reason]);
      return { data: { authorizationUrl: chosen.authorizationUrl } };
    },
  }),
});
