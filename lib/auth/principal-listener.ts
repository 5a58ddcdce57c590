// Keeps the principal cache (principal-cache.ts) true to the database: a listening connection
// (lib/db/listen.ts) on `principals_changed` applies each notification. The cache is on only while
// that connection listens: until the first LISTEN is acknowledged, and whenever the connection is
// lost or a heartbeat goes unanswered, it is off and empty, and every request reads the database as
// it would with no cache. It starts empty again once the connection is back.
import "server-only";
import { env, sessionDatabaseUrl } from "@/lib/env";
import { listen, type Listening } from "@/lib/db/listen";
import { createPrincipalCache, type PrincipalCache } from "@/lib/auth/principal-cache";

export const PRINCIPALS_CHANNEL = "principals_changed";

export type PrincipalListenerOptions = {
  connectionString: string;
  cache: PrincipalCache;
  /** How often the connection must answer a query (and how long it may take). */
  heartbeatMs?: number;
  /** The first wait before reconnecting; doubled per failure, up to 30 s. */
  retryMs?: number;
};

export function listenForPrincipalChanges(options: PrincipalListenerOptions): Listening {
  const { cache, ...connection } = options;
  const listening = listen({
    ...connection,
    channel: PRINCIPALS_CHANNEL,
    name: "principal cache",
    onNotification: (payload) => cache.evict(payload ?? "*"),
    onUp: () => cache.enable(),
    onDown: () => cache.disable(),
  });
  return {
    backendPid: () => (cache.enabled ? listening.backendPid() : null),
    stop: () => listening.stop(),
  };
}

// Built on first use, per process (one module graph each: the web server, a worker, a script).
let shared: PrincipalCache | null | undefined;

/** Whether this process's principal cache is on now (its connection listening), without starting it. */
export function principalCacheListening(): boolean {
  return shared?.enabled === true;
}

/** This process's principal cache, listening from its first use; null when AUTH_CACHE_MS is 0. */
export function principalCache(): PrincipalCache | null {
  if (shared !== undefined) return shared;
  if (env.AUTH_CACHE_MS === 0) return (shared = null);
  shared = createPrincipalCache({ maxAgeMs: env.AUTH_CACHE_MS, maxEntries: 10_000 });
  // LISTEN needs a session: the direct server when DATABASE_URL is a transaction pooler.
  listenForPrincipalChanges({ connectionString: sessionDatabaseUrl(), cache: shared });
  return shared;
}
