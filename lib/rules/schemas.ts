// What a rule is made of, checked by zod wherever it is written (the API) and read (the sync, apply):
// conditions, all of which must hold, and actions. Each condition names one thing about a
// transaction; lib/rules/compile.ts turns each into a parameterised SQL predicate. Amounts are decimal
// strings compared as numeric, on the amount's size (money in and out alike; `direction` tells them
// apart). No server imports: the rules page builds its form from these too.
import { z } from "zod";
import { compareDecimals } from "@/lib/money/decimal";

const uuid = z.uuid({ message: "Must be a UUID" });

const DECIMAL = /^\d{1,15}(\.\d{1,6})?$/;
const decimal = z
  .string()
  .trim()
  .regex(DECIMAL, "an amount is a decimal string such as 42.50 (its size: in and out alike)");
// Compared only when both are amounts: a malformed one has its own issue (the refinement still runs).
const ordered = (min: string, max: string) =>
  !DECIMAL.test(min) || !DECIMAL.test(max) || compareDecimals(min, max) <= 0;

const text = (what: string, max: number) =>
  z
    .string({ message: `${what} must be text` })
    .trim()
    .min(1, `${what} must not be empty`)
    .max(max, `${what} is at most ${max} characters`);

const list = <T extends z.ZodType>(item: T, what: string) =>
  z.array(item).min(1, `${what}: at least one`).max(50, `${what}: at most 50`);

/** Where words are looked for: the remittance information, the parties' names, or either. */
export const WORD_FIELDS = ["remittance", "names", "any"] as const;

export const Condition = z.discriminatedUnion(
  "type",
  [
    z.strictObject({
      type: z.literal("counterpart"),
      counterpartId: uuid,
      /** Also the counterpart's family: the counterparts whose parent it is. */
      includeFamily: z.boolean().default(false),
    }),
    z.strictObject({
      type: z.literal("words"),
      /** Any of them, at the start of a word, case-insensitive ("loon" finds "Loonbetaling"). */
      words: list(text("a word", 60), "words"),
      in: z.enum(WORD_FIELDS, { message: `in must be one of ${WORD_FIELDS.join(", ")}` }).default("any"),
    }),
    z
      .strictObject({ type: z.literal("amount"), min: decimal.optional(), max: decimal.optional() })
      .refine((c) => c.min !== undefined || c.max !== undefined, "an amount range needs min, max or both")
      .refine((c) => c.min === undefined || c.max === undefined || ordered(c.min, c.max), "min must not exceed max"),
    z.strictObject({
      type: z.literal("direction"),
      direction: z.enum(["in", "out"], { message: "direction must be in or out" }),
    }),
    z.strictObject({
      type: z.literal("currency"),
      currencies: list(z.string().regex(/^[A-Z]{3}$/, "a currency is an ISO 4217 code such as EUR"), "currencies"),
    }),
    z.strictObject({ type: z.literal("creditorId"), values: list(text("a creditor id", 35), "values") }),
    z.strictObject({ type: z.literal("mandateId"), values: list(text("a mandate id", 35), "values") }),
    z.strictObject({
      type: z.literal("bankTransactionCode"),
      /** The ISO code or the bank's own, from its start ("PMNT-CCRD" finds "PMNT-CCRD-POSD"). */
      codes: list(text("a code", 35), "codes"),
    }),
    z.strictObject({ type: z.literal("account"), accountIds: list(uuid, "accountIds") }),
  ],
  {
    error:
      "type must be one of counterpart, words, amount, direction, currency, creditorId, mandateId, bankTransactionCode, account",
  },
);
export type Condition = z.infer<typeof Condition>;

const tag = z
  .string({ message: "each tag must be text" })
  .trim()
  .toLowerCase()
  .min(1, "a tag must not be empty")
  .max(40, "a tag must be at most 40 characters")
  .regex(/^[^\s,]+$/, "a tag is one word (no spaces or commas)");

export const Actions = z
  .strictObject({
    categoryId: uuid.optional(),
    addTags: z.array(tag).min(1).max(20, "at most 20 tags").optional(),
    /** Written only on a row without a note. */
    note: text("note", 1000).optional(),
    markTransfer: z.literal(true, { message: "markTransfer can only be true" }).optional(),
    bindCounterpartId: uuid.optional(),
  })
  .refine((a) => Object.values(a).some((v) => v !== undefined), "a rule needs at least one action");
export type Actions = z.infer<typeof Actions>;

export const Conditions = z.array(Condition).min(1, "a rule needs at least one condition").max(20);

const name = text("name", 120);

export const RuleBody = z.strictObject({
  name,
  enabled: z.boolean().default(true),
  conditions: Conditions,
  actions: Actions,
  /** Where it goes in the order (0 = first); the end when left out. */
  position: z.number().int().min(0).optional(),
  /** Made from a suggestion (GET /rules/suggestions). */
  fromSuggestion: z.boolean().optional(),
});

export const RulePatch = z
  .strictObject({
    name: name.optional(),
    enabled: z.boolean().optional(),
    conditions: Conditions.optional(),
    actions: Actions.optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), "nothing to change");

export const ReorderBody = z.strictObject({
  ids: z.array(uuid).min(1).max(1000).describe("Every rule of the scope, in the new order"),
});

export const PreviewBody = z.strictObject({
  conditions: Conditions.optional().describe("Count with these instead of the stored ones (the form, before saving)"),
  actions: Actions.optional(),
});

export const DraftPreviewBody = z.strictObject({ conditions: Conditions, actions: Actions });

export const DismissBody = z.strictObject({ counterpartId: uuid, categoryId: uuid });
