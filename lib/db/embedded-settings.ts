// The embedded cluster's server settings, passed as `-c name=value` when its postmaster starts.
//
// PostgreSQL's own defaults are sized for a machine it shares with anything: 128 MB of shared
// buffers and a checkpoint at every 1 GB of WAL. On a 1,000,000-row account that made every large
// write slow: the account's table and indexes did not fit the buffers, so the writing backend
// evicted and wrote pages itself, and a checkpoint every gigabyte made the first change of each page
// after it log the whole page again. Measured (`npm run bench -- counterparts`, docs/benchmarks.md):
// one UPDATE writing every row's counterpart 123.9 s → 71.4 s, the whole-account assignment
// 129.5 s → 83.7 s, with the two settings below.
//
// Buffers: an eighth of the machine's memory, at least PostgreSQL's default and at most 4 GB: the
// cluster shares its machine with the app, its workers and the banks' simulator. Memory is taken as
// pages are used, so a small database (every test cluster) costs no more than before.
// WAL: a checkpoint at most every 8 GB (the timed checkpoint every 5 minutes still comes first on a
// quiet cluster); min_wal_size stays at its default, so the files shrink back after a burst.
//
// EMBEDDED_PG_SETTINGS overrides or adds settings: `name=value` pairs separated by commas, e.g.
// `shared_buffers=512MB,max_wal_size=2GB`. A cluster reached through DATABASE_URL is its operator's
// to configure (docs/architecture.md, "Embedded PostgreSQL").
const MB = 1024 * 1024;
const DEFAULT_SHARED_BUFFERS_MB = 128;
const MAX_SHARED_BUFFERS_MB = 4096;

/** One setting: a lower-case name (dots for extensions' settings) and a value without commas or spaces. */
const SETTING = /^([a-z_][a-z0-9_.]*)=([^,\s]+)$/;

/** The settings EMBEDDED_PG_SETTINGS asks for, by name; throws, naming the pair, for anything else. */
export function parseSettings(text: string): Map<string, string> {
  const settings = new Map<string, string>();
  for (const pair of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = SETTING.exec(pair);
    if (!match)
      throw new Error(
        `EMBEDDED_PG_SETTINGS: "${pair}" is not name=value (e.g. shared_buffers=512MB); separate settings with commas`,
      );
    settings.set(match[1], match[2]);
  }
  return settings;
}

/** The postmaster's `-c` arguments for a machine with `totalMemoryBytes`, with `overrides` applied last. */
export function embeddedSettings(totalMemoryBytes: number, overrides = ""): string[] {
  const eighthMb = Math.floor(totalMemoryBytes / 8 / MB);
  const sharedBuffersMb = Math.min(MAX_SHARED_BUFFERS_MB, Math.max(DEFAULT_SHARED_BUFFERS_MB, eighthMb));
  const settings = new Map<string, string>([
    ["max_connections", "200"],
    ["shared_buffers", `${sharedBuffersMb}MB`],
    ["max_wal_size", "8GB"],
  ]);
  for (const [name, value] of parseSettings(overrides)) settings.set(name, value);
  // Never overridden: the embedded cluster answers this machine only.
  settings.set("listen_addresses", "127.0.0.1");
  return [...settings].flatMap(([name, value]) => ["-c", `${name}=${value}`]);
}
