// No error is dropped without a trace. Every `catch` in lib/ (a `catch {…}` block, a `catch (e)`
// block, a `.catch(…)` handler) either uses the error it caught (logs it, rethrows it, wraps it as a
// cause, returns it), throws, calls `log.`, or says in a comment beside it why dropping it is safe.
// The few that do none of these are listed below with the reason; a new one fails this test.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const LIB = path.resolve(__dirname);
const ROOT = path.resolve(LIB, "..");

/** Sites that drop the error on purpose, by file and the text of the line the catch is on. */
const JUSTIFIED: Record<string, { line: string; why: string }[]> = {
  "lib/auth/session.ts": [
    { line: "} catch {", why: "a session cookie that does not decode is no session: the request is anonymous" },
  ],
  "lib/server/cookies.ts": [{ line: "} catch {", why: "a cookie value that is not URI-encoded is used as sent" }],
  "lib/auth/password.ts": [{ line: "} catch {", why: "a stored hash that does not parse verifies no password" }],
  "lib/api/idempotency.ts": [{ line: "} catch {", why: "a body that is not JSON is hashed as sent" }],
  "lib/client/api-client.ts": [{ line: "} catch {", why: "browser code: a body that is not JSON is no body" }],
  "lib/client/api-context.tsx": [
    { line: "} catch {", why: "browser code: storage unavailable (private mode) means no stored scope" },
  ],
  "lib/plumbing/pg-transaction.ts": [
    {
      line: 'await client.query("ROLLBACK").catch(() => undefined);',
      why: "the transaction's own error is rethrown on the next line; a failed ROLLBACK (broken connection) adds nothing",
    },
  ],
  "lib/db/embedded.ts": [
    { line: "} catch {", why: "no postgres user yet: it is created on the next line" },
    { line: "} catch {", why: "process.kill(pid, 0) throws exactly when there is no such process: that is the answer" },
  ],
  "lib/db/migrate.ts": [
    {
      line: 'await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => undefined);',
      why: "the session ends on the next line, which releases the lock anyway",
    },
  ],
};

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === "generated" || name.startsWith(".")) continue;
    if (statSync(full).isDirectory()) sources(full, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

/** Index just past the bracket that closes the one at `open` (naive: enough for catch bodies). */
function closing(text: string, open: number): number {
  const pairs: Record<string, string> = { "(": ")", "{": "}" };
  const want = pairs[text[open]];
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === text[open]) depth += 1;
    else if (text[i] === want && --depth === 0) return i + 1;
  }
  return text.length;
}

export type Site = { line: number; text: string; body: string; name: string | null; commentAbove: boolean };

/** Every catch of a source text: its line, the error's name (null when not bound) and its body. */
export function catchSites(source: string): Site[] {
  const sites: Site[] = [];
  const lines = source.split("\n");
  const at = (index: number) => {
    const line = source.slice(0, index).split("\n").length;
    return { line, text: lines[line - 1].trim(), commentAbove: /^\s*\/\//.test(lines[line - 2] ?? "") };
  };
  for (const m of source.matchAll(/\bcatch\s*(\(\s*(\w+)[^)]*\))?\s*\{/g)) {
    const open = m.index + m[0].length - 1;
    sites.push({ ...at(m.index), name: m[2] ?? null, body: source.slice(open + 1, closing(source, open) - 1) });
  }
  for (const m of source.matchAll(/\.catch\(\s*(?:async\s*)?(?:\(\s*(\w*)[^)]*\)|(\w+))\s*=>/g)) {
    const open = m.index + ".catch".length;
    const handler = source.slice(m.index + m[0].length, closing(source, open) - 1);
    sites.push({ ...at(m.index), name: m[1] || m[2] || null, body: handler });
  }
  return sites;
}

/** Whether a site keeps the error or explains dropping it. */
export function accountsForError(site: Site): boolean {
  if (/\blog\.\w+\(|\bthrow\b|\/\/|\/\*/.test(site.body)) return true;
  if (site.commentAbove) return true;
  return site.name !== null && !site.name.startsWith("_") && new RegExp(`\\b${site.name}\\b`).test(site.body);
}

describe("no error is swallowed without a trace", () => {
  it("every catch in lib/ logs, rethrows or uses its error, or says why not (or is listed here with the reason)", () => {
    const unexplained: string[] = [];
    const unused = new Map(Object.entries(JUSTIFIED).map(([file, list]) => [file, [...list]]));
    for (const file of sources(LIB)) {
      const relative = path.relative(ROOT, file);
      for (const site of catchSites(readFileSync(file, "utf8"))) {
        if (accountsForError(site)) continue;
        const listed = unused.get(relative) ?? [];
        const index = listed.findIndex((j) => j.line === site.text);
        if (index >= 0) listed.splice(index, 1);
        else unexplained.push(`${relative}:${site.line}: ${site.text}`);
      }
    }
    expect(unexplained).toEqual([]);
    // A listed site that is gone (fixed, or its line changed) is taken off the list.
    expect([...unused].filter(([, list]) => list.length > 0).map(([file]) => file)).toEqual([]);
  });

  it("sees a dropped error, and accepts one that is logged, used or explained", () => {
    const found = (code: string) => catchSites(code).map(accountsForError);
    expect(found("try { a(); } catch {}")).toEqual([false]);
    expect(found("try { a(); } catch (error) { return null; }")).toEqual([false]);
    expect(found("p.catch(() => undefined);")).toEqual([false]);
    expect(found("p.catch((_e: unknown) => null);")).toEqual([false]);
    expect(found("try { a(); } catch (error) { log.warn('x', { error }); }")).toEqual([true]);
    expect(found("p.catch((error: unknown) => fallback(error));")).toEqual([true]);
    expect(found("try { a(); } catch {\n  // not JSON: the status says enough\n  b = null;\n}")).toEqual([true]);
    expect(found("// observed only to avoid an unhandled rejection\np.catch(() => undefined);")).toEqual([true]);
    expect(found("try { a(); } catch { throw new ApiError('bad'); }")).toEqual([true]);
  });
});
