"use client";
// Choosing one of the scope's categories (or none) and saving it: a select and its Save button, with
// what the save did said beside the button. Saved with a button, not on change: arrowing through a
// closed select changes its value at each step.
import { useState, type ReactNode } from "react";
import { categoryOptions } from "@/components/categories/category-options";
import { ActionStatus, outcome, type ActionOutcome } from "@/components/ui/action-status";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { useCategories } from "@/lib/client/categories";
import { errorMessage } from "@/lib/client/errors";

export function CategoryChoiceForm({
  label,
  noneLabel,
  current,
  hint,
  saveLabel,
  save,
  className,
}: {
  label: string;
  /** The first option, for no category. */
  noneLabel: string;
  /** The category it has now (kept among the options even when archived). */
  current: string | null;
  hint: ReactNode;
  saveLabel: string;
  /** Saves the choice (null: none); resolves to the sentence that says what happened. */
  save: (categoryId: string | null) => Promise<string>;
  className?: string;
}) {
  const categories = useCategories();
  const [choice, setChoice] = useState(current ?? "");
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState<ActionOutcome | null>(null);
  return (
    <form
      className={className ?? "space-y-2"}
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(null);
        setPending(true);
        void save(choice || null)
          .then(
            (said) => setSaved(outcome(said)),
            (error: unknown) => setSaved(outcome(`Not saved: ${errorMessage(error)}`, "error")),
          )
          .finally(() => setPending(false));
      }}
    >
      <SelectField
        label={label}
        value={choice}
        disabled={categories.isLoading}
        hint={categories.isError ? "The categories could not be loaded; try again later." : hint}
        options={[{ value: "", label: noneLabel }, ...categoryOptions(categories.data ?? [], current)]}
        onChange={(e) => setChoice(e.target.value)}
      />
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" variant="secondary" pending={pending}>
          {saveLabel}
        </Button>
        <ActionStatus outcome={saved} />
      </div>
    </form>
  );
}
