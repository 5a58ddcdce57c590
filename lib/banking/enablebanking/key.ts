// The application's private key (PEM, PKCS#8 or PKCS#1) from a file. For the local fake the key is
// generated once and kept in that file, so the app and a separate worker process sign with the
// same key and the fake can check their signatures.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import { readOrCreateFile } from "@/lib/banking/local-secret";

function readPrivateKey(file: string): KeyObject {
  return createPrivateKey(readFileSync(file, "utf8"));
}

/** Reads the key, creating it first when `create` and the file does not exist yet. */
export function loadOrCreatePrivateKey(file: string, create: boolean): KeyObject {
  if (!create) return readPrivateKey(file);
  const pem = readOrCreateFile(file, () =>
    generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  );
  return createPrivateKey(pem);
}

export function publicKeyOf(privateKey: KeyObject): KeyObject {
  return createPublicKey(privateKey);
}
