"use client";
// Inline alias edit (components/ui/inline-rename.tsx): the person's name for a counterpart; empty
// clears it and the bank's name shows again. Counterparts belong to the workspace, not to one
// account, so the field says before the save on how many accounts the new name will show.
import { InlineRename } from "@/components/ui/inline-rename";
import { plural } from "@/components/accounts/format";
import { useCounterpartChange } from "@/lib/client/counterparts";

/** Where a rename shows: every account that deals with the counterpart. */
export function renameReach(accountCount: number): string {
  return `Renames it on every account: ${plural(accountCount, "account")} ${accountCount === 1 ? "uses" : "use"} it.`;
}

export function AliasEditor({
  id,
  name,
  alias,
  accountCount,
  canEdit,
}: {
  id: string;
  name: string;
  alias: string | null;
  accountCount: number;
  canEdit: boolean;
}) {
  const save = useCounterpartChange((api, next: string | null) => api.setAlias(id, next));
  return (
    <InlineRename
      original={name}
      current={alias}
      canEdit={canEdit}
      inputLabel={`Alias for ${name}`}
      maxLength={120}
      hint={renameReach(accountCount)}
      onSave={(next) => save.mutateAsync(next)}
    />
  );
}
