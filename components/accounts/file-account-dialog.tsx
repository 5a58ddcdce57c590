"use client";
// "Add an account kept from statement files" (issue 37): a bank without PSD2 access, or the months
// before a connection. A button opening a small dialog (name, IBAN, currency, type; the bank's name
// optional) that POSTs /accounts/file, then goes to the new account's page, where the Statements
// section is the way in. The server checks the IBAN and the currency; its 422s are shown beside
// their fields. The dialog (components/ui/dialog.tsx) keeps focus inside and gives it back on close;
// the fields stack on a phone.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ACCOUNT_TYPES } from "@/components/accounts/format";
import { Button, CancelAndSubmit } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { useFields } from "@/components/ui/use-fields";
import { useMutationForm } from "@/components/ui/use-mutation-form";
import { useCanManageAccounts, useCreateFileAccount, type AccountType } from "@/lib/client/accounts";
import { fieldError, formErrorMessage } from "@/lib/client/errors";

const FIELDS = ["name", "iban", "currency", "bankName", "accountType"] as const;
const TYPE_OPTIONS = Object.entries(ACCOUNT_TYPES).map(([value, label]) => ({ value, label }));

/** Only what was typed: an empty optional field is left out rather than sent as "". */
function bodyOf(values: Record<(typeof FIELDS)[number], string>) {
  const iban = values.iban.trim();
  const bankName = values.bankName.trim();
  return {
    name: values.name.trim(),
    currency: values.currency.trim().toUpperCase(),
    accountType: values.accountType as AccountType,
    ...(iban ? { iban } : {}),
    ...(bankName ? { bankName } : {}),
  };
}

function FileAccountForm({ onCancel }: { onCancel: () => void }) {
  const create = useCreateFileAccount();
  const router = useRouter();
  const { values, bind } = useFields(
    { name: "", iban: "", currency: "EUR", bankName: "", accountType: "private" },
    (field) => fieldError(create.error, field),
  );
  const { form, submit } = useMutationForm(
    create,
    () => bodyOf(values),
    (account) => router.push(`/accounts/${account.id}`),
  );
  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-label="Account kept from statement files">
      <p className="text-sm text-slate-600">
        For a bank Ledgerlink cannot connect to, or the months before you connect one. It is never synced: you import
        its camt.053, MT940 or CSV statements on its page.
      </p>
      <FormError message={formErrorMessage(create.error, FIELDS)} />
      <TextField label="Name" autoComplete="off" maxLength={140} required autoFocus {...bind("name")} />
      <TextField
        label="IBAN (optional)"
        autoComplete="off"
        spellCheck={false}
        hint="Each imported statement must name this IBAN."
        {...bind("iban")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Currency"
          autoComplete="off"
          spellCheck={false}
          maxLength={3}
          hint="ISO code, e.g. EUR"
          {...bind("currency")}
        />
        <SelectField label="Type" options={TYPE_OPTIONS} {...bind("accountType")} />
      </div>
      <TextField label="Bank name (optional)" autoComplete="organization" maxLength={140} {...bind("bankName")} />
      <CancelAndSubmit submitLabel="Add account" pending={create.isPending} onCancel={onCancel} />
    </form>
  );
}

/** The action on the Accounts page: for those who may set up accounts, else disabled (the page says why). */
export function AddFileAccountButton() {
  const [open, setOpen] = useState(false);
  const { allowed } = useCanManageAccounts();
  return (
    <>
      <Button variant="secondary" disabled={!allowed} onClick={() => setOpen(true)}>
        Add an account kept from statement files
      </Button>
      <Dialog open={open} title="Add an account kept from statement files" onClose={() => setOpen(false)}>
        {/* Rendered only while open: each opening starts with empty fields and no old refusal. */}
        {open && <FileAccountForm onCancel={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}
