// GET /sandbox-bank/api/controls/users — sandbox control. The test users and their behaviours.
import { users } from "@/lib/sandbox-bank/controls";
import { bankRoute } from "@/lib/sandbox-bank/xs2a/http";

export const GET = bankRoute(users);
