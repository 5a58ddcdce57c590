// The application's private key (PEM, PKCS#8 or PKCS#1) from the file ENABLE_BANKING_KEY_FILE names:
// the key registered with Enable Banking (for the demo, the pair the launcher generates, whose public
// half the banks' local fake checks signatures with).
import { createPrivateKey, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";

export function loadPrivateKey(file: string): KeyObject {
  return createPrivateKey(readFileSync(file, "utf8"));
}
