// Webhook signing secrets: `whsec_` + base64 of 24 random bytes (the Standard Webhooks form the
// `standardwebhooks` library reads). We must read a secret to sign with it, so unlike tokens it is
// not hashed: it is stored encrypted with AES-256-GCM under a key derived from AUTH_SECRET, and shown
// to the person once, when created or rotated.
import "server-only";
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { authSecret } from "@/lib/env";

export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString("base64")}`;

function key(): Buffer {
  // A key of its own, so it never doubles as another use of AUTH_SECRET.
  return createHmac("sha256", authSecret()).update("ledgerlink webhook secret key v1").digest();
}

export function sealSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

export function openSecret(ciphertext: string): string {
  const raw = Buffer.from(ciphertext.replace(/^v1\./, ""), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
