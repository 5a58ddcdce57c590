// Who a bearer token is, and which scopes a person belongs to, kept in this process for a short
// while, so that a request whose credentials were seen lately costs no database round trip (the
// largest part of the kernel's cost on a scoped GET: docs/benchmarks.md, `kernel`).
//
// Only what held is kept: a token that was unknown, revoked, expired or a refresh token is read
// again every time. What is kept stops holding in four ways, each handled:
// - Changed in the database (a token revoked, a membership added, changed or removed, a scope
//   renamed or deleted, a person deleted, a person's credentials generation bumped): triggers send a notification (`principals_changed`,
//   migration principals_changed_notify) that `evict` applies; the listener (principal-listener.ts)
//   enables the cache only while it is connected and listening, and clears it whenever it is not.
// - Changed by a request of this instance: the kernel clears the cache after every write request,
//   before answering (`afterWrite`), so a person who revoked a token and uses it at once is refused
//   without depending on when the notification arrives.
// - Expired: a token's expiry is kept and checked on every use.
// - Old: an entry is read again after `maxAgeMs` whatever happened, a bound on the damage of a
//   notification lost in a way the listener could not see.
// A read that began before a change and ends after it must not store what it read: each fill
// carries the generation it began in, and `evict`/`clear` start a new one.
import "server-only";
import type { Role, TokenKind } from "@/lib/generated/prisma/enums";
import type { MembershipOfScope } from "@/lib/scopes/scopes";

export type CachedToken = {
  id: string;
  kind: TokenKind;
  userId: string | null;
  scopeId: string | null;
  role: Role | null;
  /** Epoch ms; null: no expiry. */
  expiresAtMs: number | null;
  /** When its last-used time was last written (epoch ms, this process's clock). */
  usedWrittenAtMs: number;
};

/** `generation`: the person's credentials generation (lib/auth/credentials-generation.ts). */
export type CachedPerson = { memberships: MembershipOfScope[]; generation: number };

/** Where a request's credentials were checked: what this process kept, or the database. */
export type CredentialSource = "kept" | "read";

type Entry<T> = { value: T; at: number };

export type PrincipalCacheOptions = {
  maxAgeMs: number;
  /** Most entries of each kind; the oldest goes first. */
  maxEntries: number;
  now?: () => number;
};

export type PrincipalCache = ReturnType<typeof createPrincipalCache>;

export function createPrincipalCache(options: PrincipalCacheOptions) {
  const now = options.now ?? Date.now;
  const tokens = new Map<string, Entry<CachedToken>>(); // by token hash
  const people = new Map<string, Entry<CachedPerson>>(); // by user id
  let generation = 0;
  let enabled = false;

  const fresh = <T>(map: Map<string, Entry<T>>, key: string): T | undefined => {
    const entry = map.get(key);
    if (!entry) return undefined;
    if (now() - entry.at < options.maxAgeMs) return entry.value;
    map.delete(key);
    return undefined;
  };
  const put = <T>(map: Map<string, Entry<T>>, key: string, value: T) => {
    map.delete(key); // re-inserted last: Map order is then the age order
    if (map.size >= options.maxEntries) map.delete(map.keys().next().value as string);
    map.set(key, { value, at: now() });
  };
  const clear = () => {
    generation += 1;
    tokens.clear();
    people.clear();
  };

  return {
    /** A read's ticket, taken before it starts: null while the cache is off (nothing will be kept). */
    begin(): number | null {
      return enabled ? generation : null;
    },
    token(hash: string): CachedToken | undefined {
      if (!enabled) return undefined;
      const token = fresh(tokens, hash);
      if (token?.expiresAtMs != null && token.expiresAtMs <= now()) {
        tokens.delete(hash);
        return undefined;
      }
      return token;
    },
    person(userId: string): CachedPerson | undefined {
      return enabled ? fresh(people, userId) : undefined;
    },
    /** Keeps what a read saw, unless the cache was off or something changed since its ticket. */
    keep(ticket: number | null, fill: { hash?: string; token?: CachedToken; userId?: string; person?: CachedPerson }) {
      if (ticket === null || ticket !== generation || !enabled) return;
      if (fill.hash && fill.token) put(tokens, fill.hash, fill.token);
      if (fill.userId && fill.person) put(people, fill.userId, fill.person);
    },
    /**
     * A notification's payload: `t:<token id>`, `u:<user id>`, `s:<scope id>`; anything else
     * (`*`, a TRUNCATE) clears everything. Reads in flight are refused either way.
     */
    evict(payload: string) {
      generation += 1;
      const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
      if (kind === "t:") {
        for (const [hash, entry] of tokens) if (entry.value.id === id) tokens.delete(hash);
      } else if (kind === "u:") {
        people.delete(id);
        for (const [hash, entry] of tokens) if (entry.value.userId === id) tokens.delete(hash);
      } else if (kind === "s:") {
        for (const [userId, entry] of people) {
          if (entry.value.memberships.some((m) => m.id === id)) people.delete(userId);
        }
        for (const [hash, entry] of tokens) if (entry.value.scopeId === id) tokens.delete(hash);
      } else {
        clear();
      }
    },
    /** After a write request of this instance, before it answers (lib/api/route.ts). */
    afterWrite: clear,
    /** The listener is connected and listening: what is kept from now on is kept up to date. */
    enable() {
      clear();
      enabled = true;
    },
    /** The listener lost its connection: nothing kept can be trusted, and nothing is kept until it is back. */
    disable() {
      enabled = false;
      clear();
    },
    get enabled() {
      return enabled;
    },
    get size() {
      return tokens.size + people.size;
    },
  };
}
