// pgTransaction's opening statement (lib/db/client.ts): its modes and SET LOCALs hold for the work,
// and go with the transaction. The change feed opens its reads this way (lib/changes/feed.ts).
import { describe, expect, it } from "vitest";
import { pgTransaction } from "@/lib/db/client";

const settings = (client: { query: (text: string) => Promise<{ rows: Record<string, string>[] }> }) =>
  Promise.all(
    ["transaction_isolation", "transaction_read_only", "lock_timeout"].map(
      async (name) => (await client.query(`SHOW ${name}`)).rows[0][name],
    ),
  );

describe("pgTransaction", () => {
  it("opens with plain BEGIN by default", async () => {
    expect(await pgTransaction(settings)).toEqual(["read committed", "off", "0"]);
  });

  it("opens with the modes and SET LOCALs it is given, for this transaction only", async () => {
    expect(await pgTransaction(settings, "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")).toEqual([
      "repeatable read",
      "on",
      "0",
    ]);
    expect(await pgTransaction(settings, "BEGIN READ ONLY; SET LOCAL lock_timeout = '20s'")).toEqual([
      "read committed",
      "on",
      "20s",
    ]);
    expect(await pgTransaction(settings)).toEqual(["read committed", "off", "0"]);
  });

  it("refuses a write in a read-only transaction and leaves nothing open", async () => {
    await expect(
      pgTransaction((client) => client.query("CREATE TEMP TABLE t_readonly (x int)"), "BEGIN READ ONLY"),
    ).rejects.toMatchObject({ code: "25006" });
    expect(await pgTransaction(settings)).toEqual(["read committed", "off", "0"]);
  });
});
