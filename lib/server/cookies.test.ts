import { describe, expect, it } from "vitest";
import { readCookie, readCookies } from "@/lib/server/cookies";

describe("reading a Cookie header", () => {
  it("names every cookie, keeps `=` inside a value and decodes percent-encoding", () => {
    const jar = readCookies("a=1; b=x=y==;  c = caf%C3%A9 ; flag");
    expect([...jar]).toEqual([
      ["a", "1"],
      ["b", "x=y=="],
      ["c", "café"],
    ]);
    expect(readCookie("a=1; b=x=y==", "b")).toBe("x=y==");
  });

  it("takes the first of two cookies of one name, as a browser sends the more specific first", () => {
    expect(readCookie("binding=first; binding=second", "binding")).toBe("first");
  });

  it("keeps a value with broken percent-encoding as sent, and answers null for a missing cookie or header", () => {
    expect(readCookie("token=%zz", "token")).toBe("%zz");
    expect(readCookie("token=1", "other")).toBeNull();
    expect(readCookie(null, "token")).toBeNull();
    expect(readCookies("").size).toBe(0);
  });
});
