// GET /sandbox-bank/api/directory?country=BE — public. The sandbox's ASPSP directory (not XS2A):
// banks with their NextGenPSD2 base URL, and the countries served.
import { directory } from "@/lib/sandbox-bank/controls";
import { bankRoute } from "@/lib/sandbox-bank/xs2a/http";

export const GET = bankRoute(directory);
