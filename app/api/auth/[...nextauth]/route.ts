// Auth.js endpoints for the browser (sign-in with credentials, sign-out, session, CSRF token).
import { handlers } from "@/lib/auth/config";

export const { GET, POST } = handlers;
