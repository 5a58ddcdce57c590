"use client";
// A new rule: what it looks for (words, direction, amount range, currency, bank code, creditor id,
// mandate) and what it does (category, tags, a note where there is none, the transfer mark), with a
// live count of the stored transactions it would change, made last in the order.
import { useState, type FormEvent } from "react";
import { categoryOptions } from "@/components/categories/category-options";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { useDebounced } from "@/components/ui/use-debounced";
import { useCategories } from "@/lib/client/categories";
import { formErrorMessage } from "@/lib/client/errors";
import { useCreateRule, useRuleDraftPreview, type DraftInput } from "@/lib/client/rules";

const EMPTY = {
  name: "",
  words: "",
  within: "any",
  direction: "",
  min: "",
  max: "",
  currency: "",
  code: "",
  creditorId: "",
  mandateId: "",
  categoryId: "",
  tags: "",
  note: "",
  transfer: false,
};
type Values = typeof EMPTY;

const split = (text: string) =>
  text
    .split(",")
    .map((w) => w.trim())
    .filter(Boolean);

/** The draft the API takes, from the form's fields (blank fields are no condition or action). */
function draftOf(v: Values): DraftInput {
  const conditions: DraftInput["conditions"] = [];
  if (split(v.words).length)
    conditions.push({ type: "words", words: split(v.words), in: v.within as "any" | "remittance" | "names" });
  if (v.direction) conditions.push({ type: "direction", direction: v.direction as "in" | "out" });
  if (v.min || v.max)
    conditions.push({ type: "amount", ...(v.min ? { min: v.min } : {}), ...(v.max ? { max: v.max } : {}) });
  if (split(v.currency).length)
    conditions.push({ type: "currency", currencies: split(v.currency).map((c) => c.toUpperCase()) });
  if (split(v.code).length) conditions.push({ type: "bankTransactionCode", codes: split(v.code) });
  if (split(v.creditorId).length) conditions.push({ type: "creditorId", values: split(v.creditorId) });
  if (split(v.mandateId).length) conditions.push({ type: "mandateId", values: split(v.mandateId) });
  const actions: DraftInput["actions"] = {
    ...(v.categoryId ? { categoryId: v.categoryId } : {}),
    ...(split(v.tags).length ? { addTags: split(v.tags) } : {}),
    ...(v.note.trim() ? { note: v.note.trim() } : {}),
    ...(v.transfer ? { markTransfer: true as const } : {}),
  };
  return { conditions, actions };
}

/** "Would change 12 transactions now", asked again a moment after the form stops changing. */
function useLiveCount(draft: DraftInput): string {
  const key = useDebounced(JSON.stringify(draft), 400);
  const { conditions, actions } = JSON.parse(key) as DraftInput;
  const complete = conditions.length > 0 && Object.keys(actions).length > 0;
  const preview = useRuleDraftPreview(key, complete);
  if (!complete) return "Add a condition and an action to see how many transactions it would change.";
  if (preview.isError) return "Not a rule yet: check the fields.";
  if (!preview.data) return "Counting…";
  const n = preview.data.changed;
  return `Would change ${n} ${n === 1 ? "transaction" : "transactions"} now.`;
}

export function RuleForm() {
  const [v, setV] = useState<Values>(EMPTY);
  const categories = useCategories();
  const create = useCreateRule();
  const draft = draftOf(v);
  const count = useLiveCount(draft);
  const set = (field: keyof Values) => (e: { target: { value: string; checked?: boolean; type?: string } }) =>
    setV((now) => ({ ...now, [field]: e.target.type === "checkbox" ? Boolean(e.target.checked) : e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: v.name.trim(), ...draft }, { onSuccess: () => setV(EMPTY) });
  };
  return (
    <Card>
      <CardHeader title="New rule" description="All conditions must hold. New rules go last in the order." />
      <form aria-label="New rule" onSubmit={submit} className="space-y-4 px-5 pb-5">
        <FormError message={create.error ? formErrorMessage(create.error) : null} />
        <TextField label="Name" required maxLength={120} value={v.name} onChange={set("name")} />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-700">When a transaction…</legend>
          <TextField label="Has any of these words (commas between)" value={v.words} onChange={set("words")} />
          <SelectField
            label="Looked for in"
            value={v.within}
            onChange={set("within")}
            options={[
              { value: "any", label: "Remittance or names" },
              { value: "remittance", label: "Remittance information" },
              { value: "names", label: "Names of the parties" },
            ]}
          />
          <SelectField
            label="Direction"
            value={v.direction}
            onChange={set("direction")}
            options={[
              { value: "", label: "Either" },
              { value: "in", label: "Money in" },
              { value: "out", label: "Money out" },
            ]}
          />
          <div className="grid grid-cols-2 gap-2">
            <TextField label="Amount from" inputMode="decimal" value={v.min} onChange={set("min")} />
            <TextField label="Amount to" inputMode="decimal" value={v.max} onChange={set("max")} />
          </div>
          <TextField label="Currency (e.g. EUR)" value={v.currency} onChange={set("currency")} />
          <TextField label="Bank transaction code (from its start)" value={v.code} onChange={set("code")} />
          <TextField label="Creditor id" value={v.creditorId} onChange={set("creditorId")} />
          <TextField label="Mandate id" value={v.mandateId} onChange={set("mandateId")} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-700">…then</legend>
          <SelectField
            label="File under"
            value={v.categoryId}
            onChange={set("categoryId")}
            options={[{ value: "", label: "No category" }, ...categoryOptions(categories.data ?? [])]}
          />
          <TextField label="Add tags (commas between)" value={v.tags} onChange={set("tags")} />
          <TextField label="Note, where there is none" maxLength={1000} value={v.note} onChange={set("note")} />
          <label className="flex items-center gap-2 self-end text-sm text-slate-700">
            <input type="checkbox" checked={v.transfer} onChange={set("transfer")} />
            Mark as a transfer between own accounts
          </label>
        </fieldset>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p role="status" aria-live="polite" className="text-sm text-slate-600">
            {count}
          </p>
          <Button type="submit" pending={create.isPending}>
            Create rule
          </Button>
        </div>
      </form>
    </Card>
  );
}
