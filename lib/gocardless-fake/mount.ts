// Serves the local fake GoCardless under /gocardless-fake when GOCARDLESS_FAKE=1, in front of Next:
// GoCardless's paths end with a slash (/api/v2/token/new/), which Next would redirect away (308)
// before any route of ours ran. It accepts the secrets the integration is configured with.
import type { IncomingMessage, ServerResponse } from "node:http";
import { goCardlessSecrets } from "@/lib/banking/gocardless/credentials";
import { appUrl, env, goCardlessConfig } from "@/lib/env";
import { GC_FAKE_PREFIX } from "@/lib/fake-bank/prefixes";
import { handleGoCardlessFake } from "@/lib/gocardless-fake/server";
import { toWebRequest, writeWebResponse } from "@/lib/server/web-io";

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

export function withGoCardlessFake(next: Listener): Listener {
  const config = goCardlessConfig();
  if (!env.GOCARDLESS_FAKE || !config) return next;
  const options = { prefix: GC_FAKE_PREFIX, ...goCardlessSecrets(config) };
  return (req, res) => {
    if (!(req.url ?? "").startsWith(`${GC_FAKE_PREFIX}/`)) return next(req, res);
    const url = new URL(req.url ?? "/", appUrl());
    const method = req.method ?? "GET";
    return handleGoCardlessFake(toWebRequest(req, url), options)
      .then((response) => writeWebResponse(res, response, method, req.headers["accept-encoding"]))
      .catch((error: unknown) => {
        process.stderr.write(`gocardless fake failed: ${(error as Error)?.message ?? String(error)}\n`);
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      });
  };
}
