// The application's private key (PEM, PKCS#8 or PKCS#1) from a file. For the local fake the key is
// generated once and kept in that file, so the app and a separate worker process sign with the
// same key and the fake can check their signatures.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export function readPrivateKey(file: string): KeyObject {
  return createPrivateKey(readFileSync(file, "utf8"));
}

/** Reads the key, creating it first when `create` and the file does not exist yet. */
export function loadOrCreatePrivateKey(file: string, create: boolean): KeyObject {
  try {
    return readPrivateKey(file);
  } catch (error) {
    if (!create || (error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx": two processes starting together keep whichever key was written first.
    writeFileSync(file, privateKey.export({ type: "pkcs8", format: "pem" }), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readPrivateKey(file);
}

export function publicKeyOf(privateKey: KeyObject): KeyObject {
  return createPublicKey(privateKey);
}
