// POST /sandbox-bank/{bankId}/authorize/decision — the consent review form (browser, form-encoded:
// consentId, decision=approve|deny|cancel). 303 to the TPP-Redirect-URI on approval, to the
// TPP-Nok-Redirect-URI (else TPP-Redirect-URI) on denial or cancel.
import { postDecision } from "@/lib/sandbox-bank/authorize";
import { bankRoute } from "@/lib/sandbox-bank/xs2a/http";

export const POST = bankRoute(postDecision);
