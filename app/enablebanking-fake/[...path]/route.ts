// The local fake Enable Banking (lib/enablebanking-fake), served only when ENABLE_BANKING_FAKE=1:
// its API under /enablebanking-fake/api, the hosted bank page under /enablebanking-fake/bank.
// Signatures are checked against the public half of the key the app signs with.
import { enableBankingConfig, env } from "@/lib/env";
import { loadOrCreatePrivateKey, publicKeyOf } from "@/lib/banking/enablebanking/key";
import { EB_FAKE_PREFIX } from "@/lib/fake-bank/prefixes";
import { handleFake } from "@/lib/enablebanking-fake/server";

export const dynamic = "force-dynamic";

async function serve(request: Request): Promise<Response> {
  const config = enableBankingConfig();
  if (!env.ENABLE_BANKING_FAKE || !config) return new Response("Not found", { status: 404 });
  const publicKey = config.fake ? publicKeyOf(loadOrCreatePrivateKey(config.keyFile, true)) : null;
  return handleFake(request, { prefix: EB_FAKE_PREFIX, publicKey, appId: config.appId });
}

export const GET = serve;
export const POST = serve;
export const DELETE = serve;
