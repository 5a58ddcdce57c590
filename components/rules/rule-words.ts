// A rule's conditions and actions in a person's words, for the list and the suggestion banner. No
// server imports.
import type { Rule } from "@/lib/client/rules";

type Condition = Rule["conditions"][number];

const list = (items: readonly string[]) => items.map((i) => `“${i}”`).join(" or ");

export function conditionText(c: Condition): string {
  switch (c.type) {
    case "counterpart":
      return c.includeFamily ? "a chosen counterpart or its family" : "a chosen counterpart";
    case "words": {
      const where = { remittance: "the remittance", names: "the names", any: "the text" }[c.in ?? "any"];
      return `${where} has ${list(c.words)}`;
    }
    case "amount":
      if (c.min && c.max) return `amount between ${c.min} and ${c.max}`;
      return c.min ? `amount at least ${c.min}` : `amount at most ${c.max}`;
    case "direction":
      return c.direction === "in" ? "money in" : "money out";
    case "currency":
      return `in ${c.currencies.join(" or ")}`;
    case "creditorId":
      return `creditor id ${list(c.values)}`;
    case "mandateId":
      return `mandate ${list(c.values)}`;
    case "bankTransactionCode":
      return `bank code ${list(c.codes)}`;
    case "account":
      return c.accountIds.length === 1 ? "on a chosen account" : `on ${c.accountIds.length} chosen accounts`;
  }
}

export function actionsText(a: Rule["actions"], categoryName: (id: string) => string): string {
  const parts: string[] = [];
  if (a.categoryId) parts.push(`file under ${categoryName(a.categoryId)}`);
  if (a.addTags?.length) parts.push(`tag ${a.addTags.join(", ")}`);
  if (a.note) parts.push(`note “${a.note}”`);
  if (a.markTransfer) parts.push("mark as a transfer between own accounts");
  if (a.bindCounterpartId) parts.push("assign to a chosen counterpart");
  return parts.join("; ");
}
