// What the fuzz does to a well-formed request: the hostile inputs of issue 12 (prototype keys, NUL,
// unpaired surrogates, huge numbers, wrong types, 20 kB strings, forged cursors) plus broken JSON,
// missing or foreign credentials and malformed ids. One kind per request, so a failure names it.
export const BODY_KINDS = [
  "protoKey",
  "nul",
  "surrogate",
  "hugeNumber",
  "wrongType",
  "longString",
  "notJson",
  "notObject",
] as const;
export const QUERY_KINDS = [
  "queryNul",
  "querySurrogate",
  "queryLong",
  "queryHuge",
  "queryRepeat",
  "unknownParam",
] as const;
export const CURSOR_KINDS = ["forgedCursor", "foreignCursor", "tamperedCursor"] as const;
export const AUTH_KINDS = ["noAuth", "garbageToken", "viewerApp", "otherScope"] as const;
export const PATH_KINDS = ["badId", "randomId"] as const;
export type Kind =
  | "valid"
  | (typeof BODY_KINDS)[number]
  | (typeof QUERY_KINDS)[number]
  | (typeof CURSOR_KINDS)[number]
  | (typeof AUTH_KINDS)[number]
  | (typeof PATH_KINDS)[number];

const PROTO_KEYS = ["__proto__", "constructor", "toString", "hasOwnProperty"];
const WRONG_VALUES = ["[]", "{}", "true", "123", "null", '"x"', "[1,2]"];
const LONG = "x".repeat(20_000);

/** A JSON text for `body` with one field's value replaced by a raw JSON token. */
function withRawValue(body: Record<string, unknown>, pick: number, token: string): string {
  const keys = Object.keys(body);
  const key = keys.length ? keys[pick % keys.length] : "extra";
  const marker = "__FUZZ_MARKER__";
  return JSON.stringify({ ...body, [key]: marker }).replace(`"${marker}"`, token);
}

export function mutateBody(kind: Kind, body: Record<string, unknown>, pick: number): string | undefined {
  switch (kind) {
    case "protoKey": {
      const inner = JSON.stringify(body).slice(1, -1);
      return `{"${PROTO_KEYS[pick % PROTO_KEYS.length]}":{"polluted":true}${inner ? `,${inner}` : ""}}`;
    }
    case "nul":
      return withRawValue(body, pick, JSON.stringify("a\u0000b"));
    case "surrogate":
      return withRawValue(body, pick, '"x\\ud800y"');
    case "hugeNumber":
      return withRawValue(
        body,
        pick,
        ["1e400", "-1e400", "9007199254740993", "1e-400", "123456789012345678901234567890"][pick % 5],
      );
    case "wrongType":
      return withRawValue(body, pick, WRONG_VALUES[pick % WRONG_VALUES.length]);
    case "longString":
      return withRawValue(body, pick, JSON.stringify(LONG));
    case "notJson":
      return ['{"a":', "{", "nope", '{"a":1}}'][pick % 4];
    case "notObject":
      return ["[]", "42", "null", '"text"'][pick % 4];
    default:
      return undefined;
  }
}

export function mutateQuery(
  kind: Kind,
  query: Record<string, unknown>,
  pick: number,
  cursors: { genuine: string },
): Record<string, unknown> {
  const keys = Object.keys(query);
  const key = keys.length ? keys[pick % keys.length] : "q";
  switch (kind) {
    case "queryNul":
      return { ...query, [key]: "a\u0000b" };
    case "querySurrogate":
      return { ...query, [key]: "\ud800" };
    case "queryLong":
      return { ...query, [key]: LONG };
    case "queryHuge":
      return { ...query, [key]: ["1e400", "-1", "99999999999999999999", "NaN"][pick % 4] };
    case "queryRepeat":
      return { ...query, [key]: ["a", "b"] };
    case "unknownParam":
      return { ...query, [PROTO_KEYS[pick % PROTO_KEYS.length]]: "x" };
    case "forgedCursor":
      return {
        ...query,
        cursor: [
          Buffer.from('["x","y"]').toString("base64url"),
          "%%%",
          "a.b",
          `${Buffer.from("[1]").toString("base64url")}.AAAA`,
        ][pick % 4],
      };
    case "foreignCursor":
      return { ...query, cursor: cursors.genuine };
    case "tamperedCursor": {
      const [payload, mac] = cursors.genuine.split(".");
      return {
        ...query,
        cursor: `${payload.slice(0, -2)}${payload.endsWith("A") ? "B" : "A"}${payload.slice(-1)}.${mac}`,
      };
    }
    default:
      return query;
  }
}
