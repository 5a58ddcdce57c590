import { describe, expect, it } from "vitest";
import { embeddedSettings, parseSettings } from "@/lib/db/embedded-settings";

const GB = 1024 ** 3;
/** The `-c` arguments as a name → value map. */
const asMap = (args: string[]) => {
  expect(args.filter((_, i) => i % 2 === 0).every((flag) => flag === "-c")).toBe(true);
  return new Map(args.filter((_, i) => i % 2 === 1).map((pair) => pair.split("=") as [string, string]));
};

describe("embeddedSettings", () => {
  it("gives the buffers an eighth of the machine's memory", () => {
    expect(asMap(embeddedSettings(24 * GB)).get("shared_buffers")).toBe("3072MB");
  });

  it("keeps PostgreSQL's default on a small machine and caps at 4 GB on a large one", () => {
    expect(asMap(embeddedSettings(512 * 1024 ** 2)).get("shared_buffers")).toBe("128MB");
    expect(asMap(embeddedSettings(256 * GB)).get("shared_buffers")).toBe("4096MB");
  });

  it("checkpoints by WAL volume at 8 GB, listens on loopback only and allows 200 connections", () => {
    const settings = asMap(embeddedSettings(8 * GB));
    expect(settings.get("max_wal_size")).toBe("8GB");
    expect(settings.get("listen_addresses")).toBe("127.0.0.1");
    expect(settings.get("max_connections")).toBe("200");
  });

  it("applies EMBEDDED_PG_SETTINGS over the defaults and adds new settings", () => {
    const settings = asMap(embeddedSettings(24 * GB, " shared_buffers=512MB, work_mem=16MB ,"));
    expect(settings.get("shared_buffers")).toBe("512MB");
    expect(settings.get("work_mem")).toBe("16MB");
    expect(settings.get("max_wal_size")).toBe("8GB");
  });

  it("never lets an override open the cluster beyond this machine", () => {
    expect(asMap(embeddedSettings(8 * GB, "listen_addresses=*")).get("listen_addresses")).toBe("127.0.0.1");
  });
});

describe("parseSettings", () => {
  it("refuses what is not name=value, naming the pair", () => {
    expect(() => parseSettings("shared_buffers")).toThrow(/"shared_buffers" is not name=value/);
    expect(() => parseSettings("shared_buffers=1 GB")).toThrow(/is not name=value/);
    expect(() => parseSettings("Shared-Buffers=1GB")).toThrow(/is not name=value/);
  });

  it("reads nothing from an empty value", () => {
    expect(parseSettings("").size).toBe(0);
    expect(parseSettings(" , ").size).toBe(0);
  });
});
