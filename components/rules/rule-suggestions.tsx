"use client";
// Rules learned from a person's corrections: "Make a rule: always file X under Y", made first in the
// order (it is specific, so it goes before the broad default rules), or dismissed for good. Shown on
// the rules page, and as a banner where a person has just recategorised a transaction.
import { Button } from "@/components/ui/button";
import { formErrorMessage } from "@/lib/client/errors";
import { FormError } from "@/components/ui/field";
import { useCreateRule, useDismissSuggestion, useRuleSuggestions, type RuleSuggestion } from "@/lib/client/rules";

export function SuggestionItem({ suggestion: s }: { suggestion: RuleSuggestion }) {
  const create = useCreateRule();
  const dismiss = useDismissSuggestion();
  const error = create.error ?? dismiss.error;
  return (
    <div role="group" aria-label={`Suggested rule for ${s.counterpartName}`} className="space-y-2 text-sm">
      <p className="text-slate-800">
        Make a rule: always file <strong>{s.counterpartName}</strong> under <strong>{s.categoryName}</strong>?{" "}
        <span className="text-slate-600">
          You did it {s.corrections} times; it would file {s.wouldChange} more{" "}
          {s.wouldChange === 1 ? "transaction" : "transactions"} and every new one.
        </span>
      </p>
      <FormError message={error ? formErrorMessage(error) : null} />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          pending={create.isPending}
          onClick={() => create.mutate({ ...s.rule, fromSuggestion: true, position: 0 })}
        >
          Make this rule
        </Button>
        <Button
          size="sm"
          variant="secondary"
          pending={dismiss.isPending}
          onClick={() => dismiss.mutate({ counterpartId: s.counterpartId, categoryId: s.categoryId })}
        >
          Not now
        </Button>
      </div>
    </div>
  );
}

/** The suggestion for a category a person just chose, if there is one, as a banner. */
export function SuggestionBanner({ categoryId }: { categoryId: string | null }) {
  const suggestions = useRuleSuggestions();
  const match = categoryId ? suggestions.data?.find((s) => s.categoryId === categoryId) : undefined;
  if (!match) return null;
  return (
    <div className="mt-3 rounded-md border border-sky-200 bg-sky-50 px-3 py-2">
      <SuggestionItem suggestion={match} />
    </div>
  );
}
