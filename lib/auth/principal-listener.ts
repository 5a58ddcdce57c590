// Keeps the principal cache (principal-cache.ts) true to the database: one connection of its own
// LISTENs on `principals_changed` and applies each notification. The cache is on only while that
// connection is listening: until the first LISTEN is acknowledged, after any error or end of the
// connection, and after a heartbeat goes unanswered (a connection that died without a word, which
// TCP alone may not notice for minutes), it is off and empty, and every request reads the database
// as it would with no cache. It reconnects with a doubling wait (up to 30 s) and starts empty again.
import "server-only";
import pg from "pg";
import { env, sessionDatabaseUrl } from "@/lib/env";
import { log } from "@/lib/log";
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

export type PrincipalListener = {
  /** The listening connection's server process id (null while not listening): tests end it. */
  backendPid(): number | null;
  stop(): Promise<void>;
};

export function listenForPrincipalChanges(options: PrincipalListenerOptions): PrincipalListener {
  const { cache, connectionString } = options;
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const firstRetryMs = options.retryMs ?? 1000;
  let retryMs = firstRetryMs;
  let current: { client: pg.Client; pid: number | null } | null = null;
  let stopped = false;
  let reconnect: ReturnType<typeof setTimeout> | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;

  const lose = (client: pg.Client, error?: unknown) => {
    if (current?.client !== client) return; // an earlier connection's late event
    current = null;
    cache.disable();
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    // Closing a connection already given up: why it was lost is logged below.
    client.end().catch(() => undefined);
    if (stopped) return;
    log.warn("principal cache off: its listening connection was lost", { error, retryMs });
    reconnect = setTimeout(connect, retryMs);
    reconnect.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  const connect = () => {
    reconnect = null;
    if (stopped) return;
    const client = new pg.Client({
      connectionString,
      keepAlive: true,
      query_timeout: heartbeatMs,
      application_name: "ledgerlink principal cache",
    });
    current = { client, pid: null };
    client.on("notification", (message) => {
      if (message.channel === PRINCIPALS_CHANNEL) cache.evict(message.payload ?? "*");
    });
    client.on("error", (error) => lose(client, error));
    client.on("end", () => lose(client));
    void (async () => {
      try {
        await client.connect();
        await client.query(`LISTEN ${PRINCIPALS_CHANNEL}`);
        const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
        if (current?.client !== client) return;
        current.pid = rows[0]?.pid ?? null;
        retryMs = firstRetryMs;
        cache.enable();
        heartbeat = setInterval(() => {
          client.query("SELECT 1").catch((error: unknown) => lose(client, error));
        }, heartbeatMs);
        heartbeat.unref();
      } catch (error) {
        lose(client, error);
      }
    })();
  };

  connect();
  return {
    backendPid: () => (cache.enabled ? (current?.pid ?? null) : null),
    async stop() {
      stopped = true;
      if (reconnect) clearTimeout(reconnect);
      const client = current?.client;
      if (client) {
        lose(client);
        // Stopping: the connection is no longer wanted, whatever its end says.
        await client.end().catch(() => undefined);
      }
    },
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
