// POST /sandbox-bank/api/controls/accounts/{resourceId}/release — sandbox control (tests). Lets the
// held transaction reports through; answers {held: false, released: <how many were waiting>}.
import { releaseTransactions } from "@/lib/sandbox-bank/controls";
import { controlRoute } from "@/lib/sandbox-bank/control-auth";

export const POST = controlRoute(releaseTransactions);
