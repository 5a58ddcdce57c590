"use client";
// Inline alias edit (components/ui/inline-rename.tsx): the person's name for a counterpart; empty
// clears it and the bank's name shows again.
import { InlineRename } from "@/components/ui/inline-rename";
import { useCounterpartChange } from "@/lib/client/counterparts";

export function AliasEditor({
  id,
  name,
  alias,
  canEdit,
}: {
  id: string;
  name: string;
  alias: string | null;
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
      onSave={(next) => save.mutateAsync(next)}
    />
  );
}
