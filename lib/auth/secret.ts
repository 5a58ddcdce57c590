import "server-only";
import { env } from "@/lib/env";

export function authSecret(): string {
  const secret = process.env.AUTH_SECRET ?? env.AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set (npm start generates one under DATA_DIR)");
  return secret;
}
