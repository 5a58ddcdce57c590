// One connection of its own that LISTENs on a channel, for whatever a process must hear at once
// (the principal cache's evictions, jobs to take). It is "up" only while that connection listens:
// from the acknowledged LISTEN until any error or end of the connection, or a heartbeat left
// unanswered (a connection that died without a word, which TCP alone may not notice for minutes).
// Then it is "down", and reconnects with a doubling wait (up to 30 s). What the listener stands for
// must hold while it is down (a cache off, a poll): a notification sent meanwhile is lost.
import "server-only";
import pg from "pg";
import { log } from "@/lib/log";

export type ListenOptions = {
  connectionString: string;
  channel: string;
  /** What listens, for pg_stat_activity and the log ("principal cache"). */
  name: string;
  onNotification: (payload: string | undefined) => void;
  onUp?: () => void;
  onDown?: () => void;
  /** How often the connection must answer a query (and how long it may take). */
  heartbeatMs?: number;
  /** The first wait before reconnecting; doubled per failure, up to 30 s. */
  retryMs?: number;
};

export type Listening = {
  /** The listening connection's server process id (null while down): tests end it. */
  backendPid(): number | null;
  stop(): Promise<void>;
};

export function listen(options: ListenOptions): Listening {
  const { connectionString, channel, name, onNotification, onUp = () => {}, onDown = () => {} } = options;
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
    onDown();
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    // Closing a connection already given up: why it was lost is logged below.
    client.end().catch(() => undefined);
    if (stopped) return;
    log.warn(`${name} off: its listening connection was lost`, { error, retryMs });
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
      application_name: `ledgerlink ${name}`,
    });
    current = { client, pid: null };
    client.on("notification", (message) => {
      if (message.channel === channel) onNotification(message.payload);
    });
    client.on("error", (error) => lose(client, error));
    client.on("end", () => lose(client));
    void (async () => {
      try {
        await client.connect();
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
        const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
        if (current?.client !== client) return;
        current.pid = rows[0]?.pid ?? null;
        retryMs = firstRetryMs;
        onUp();
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
    backendPid: () => current?.pid ?? null,
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
