// POST /sandbox-bank/{bankId}/authorize/login — the bank's login form (browser, form-encoded:
// consentId, userId, password). Any password; the user id selects the sandbox behaviour. 303 back
// to the authorize page with a login cookie, or with an error.
import { postLogin } from "@/lib/sandbox-bank/authorize";
import { bankRoute } from "@/lib/sandbox-bank/xs2a/http";

export const POST = bankRoute(postLogin);
