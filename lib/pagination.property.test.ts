// Properties of the cursor codec: every key it signs comes back exactly, only for the list and
// filters it was issued for, and any edit of a cursor is refused (422 validation_failed).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { decodeCursor, encodeCursor, type CursorList } from "@/lib/pagination";

const keyPart = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.uuid(),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
);
const sortKey = fc.array(keyPart, { minLength: 1, maxLength: 4 });
const filterValue = fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.integer(), fc.boolean());
const list: fc.Arbitrary<CursorList> = fc.record({
  name: fc.string({ minLength: 1, maxLength: 30 }),
  filters: fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), filterValue, { maxKeys: 4 }),
});

function refused(run: () => unknown): boolean {
  try {
    run();
    return false;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("validation_failed");
    expect(Object.keys((error as ApiError).details ?? {})).toEqual(["cursor"]);
    return true;
  }
}

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("cursor codec (properties)", () => {
  it("gives back exactly the key it signed, for the same list", () => {
    fc.assert(
      fc.property(list, sortKey, (l, key) => {
        expect(decodeCursor(l, encodeCursor(l, key), key.length)).toEqual(key);
      }),
    );
  });

  it("ignores filter order and empty filters, and nothing else", () => {
    fc.assert(
      fc.property(list, sortKey, fc.string({ minLength: 1, maxLength: 10 }), (l, key, emptyName) => {
        const reordered = { name: l.name, filters: Object.fromEntries(Object.entries(l.filters ?? {}).reverse()) };
        const cursor = encodeCursor(l, key);
        expect(decodeCursor(reordered, cursor, key.length)).toEqual(key);
        fc.pre(!(emptyName in (l.filters ?? {})));
        for (const empty of ["", null, undefined]) {
          const padded = { name: l.name, filters: { ...l.filters, [emptyName]: empty } };
          expect(decodeCursor(padded, cursor, key.length)).toEqual(key);
        }
      }),
    );
  });

  it("refuses a cursor issued for another list or other filters", () => {
    fc.assert(
      fc.property(list, list, sortKey, (a, b, key) => {
        const bind = (l: CursorList) =>
          JSON.stringify([l.name, Object.entries(l.filters ?? {}).sort(([x], [y]) => (x < y ? -1 : 1))]);
        fc.pre(bind(a) !== bind(b));
        expect(refused(() => decodeCursor(b, encodeCursor(a, key), key.length))).toBe(true);
      }),
    );
  });

  it("refuses any edit: every replaced, dropped or added character, at every position", () => {
    fc.assert(
      fc.property(list, sortKey, (l, key) => {
        const cursor = encodeCursor(l, key);
        for (let i = 0; i <= cursor.length; i += 1) {
          const edits = [...BASE64URL, "."].map((char) => cursor.slice(0, i) + char + cursor.slice(i + 1));
          edits.push(cursor.slice(0, i) + "A" + cursor.slice(i), cursor.slice(0, i) + "." + cursor.slice(i));
          edits.push(cursor.slice(0, i) + cursor.slice(i + 1));
          for (const edited of edits) {
            if (edited !== cursor)
              expect(
                refused(() => decodeCursor(l, edited, key.length)),
                edited,
              ).toBe(true);
          }
        }
      }),
      { numRuns: 3 },
    );
  });

  it("refuses a key of another length than the list sorts by", () => {
    fc.assert(
      fc.property(list, sortKey, fc.integer({ min: 1, max: 5 }), (l, key, length) => {
        fc.pre(length !== key.length);
        expect(refused(() => decodeCursor(l, encodeCursor(l, key), length))).toBe(true);
      }),
    );
  });
});
