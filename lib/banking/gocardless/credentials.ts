// The user secrets the integration sends to POST /api/v2/token/new/: the configured pair, or for the
// local fake a key generated once under DATA_DIR (the app and a worker process share it, and the
// fake checks it).
import { randomBytes } from "node:crypto";
import { readOrCreateFile } from "@/lib/banking/local-secret";
import { env, type GoCardlessConfig } from "@/lib/env";

export function goCardlessSecrets(config: GoCardlessConfig): { secretId: string; secretKey: string } {
  const secretKey =
    config.secretKey ??
    readOrCreateFile(`${env.DATA_DIR}/gocardless-fake-secret`, () => randomBytes(32).toString("base64url")).trim();
  return { secretId: config.secretId, secretKey };
}
