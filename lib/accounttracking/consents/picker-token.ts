// The hosted bank picker's link: `/choose-bank/<token>`, where the token names one authorization
// (the redirect initiate-redirect started) and is signed with a key derived from AUTH_SECRET, so it
// cannot be guessed or made for another authorization. It lives as long as that authorization's
// state (15 minutes) and ends when its callback has been used.
import { createHmac, timingSafeEqual } from "node:crypto";
import { appUrl, authSecret } from "@/lib/env";

export const PICKER_PATH = "/choose-bank";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(authorizationId: string): Buffer {
  // A key of its own, so this signature can never double as another made with AUTH_SECRET.
  const key = createHmac("sha256", authSecret()).update("ledgerlink bank picker key v1").digest();
  return createHmac("sha256", key).update(authorizationId).digest();
}

function pickerToken(authorizationId: string): string {
  return `${Buffer.from(authorizationId.replace(/-/g, ""), "hex").toString("base64url")}.${mac(authorizationId).toString("base64url")}`;
}

/** The authorization id a token names, or null when it is malformed or not ours. */
export function readPickerToken(token: string): string | null {
  const [idPart, macPart, extra] = token.split(".");
  if (!idPart || !macPart || extra !== undefined || idPart.length !== 22 || macPart.length !== 43) return null;
  const hex = Buffer.from(idPart, "base64url").toString("hex");
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (!UUID.test(id)) return null;
  const given = Buffer.from(macPart, "base64url");
  const expected = mac(id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

export function pickerUrl(authorizationId: string): string {
  return `${appUrl()}${PICKER_PATH}/${pickerToken(authorizationId)}`;
}
