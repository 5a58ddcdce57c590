"use client";
// "Apply to existing" for one rule: asks, runs in the background with a progress bar, and offers
// Undo (one step) once it has finished.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { formErrorMessage } from "@/lib/client/errors";
import { isApplicationRunning, useApplyRule, useRuleApplication, useUndoApplication } from "@/lib/client/rules";

export function ApplyRule({ ruleId, ruleName }: { ruleId: string; ruleName: string }) {
  const apply = useApplyRule();
  const undo = useUndoApplication();
  const [applicationId, setApplicationId] = useState<string | null>(null);
  const application = useRuleApplication(applicationId);
  const a = application.data;
  const running = isApplicationRunning(a?.state);
  const error = apply.error ?? undo.error;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="secondary"
          pending={apply.isPending || running}
          onClick={() => apply.mutate(ruleId, { onSuccess: (started) => setApplicationId(started.id) })}
        >
          Apply to existing
        </Button>
        {(a?.state === "done" || a?.state === "failed") && (
          <Button size="sm" variant="secondary" pending={undo.isPending} onClick={() => undo.mutate(a.id)}>
            Undo
          </Button>
        )}
      </div>
      {a && (
        <div role="status" aria-live="polite" className="space-y-1 text-xs text-slate-600">
          <progress
            className="h-2 w-full"
            max={Math.max(a.total, 1)}
            value={a.processed}
            aria-label={`Applying ${ruleName}`}
          />
          <p>
            {a.state === "undone"
              ? `Undone: ${a.changed} transactions have their values back.`
              : a.state === "failed"
                ? `Stopped: ${a.error ?? "failed"}. What it changed can be undone.`
                : `${a.processed} of ${a.total} looked at, ${a.changed} changed${a.state === "done" ? ". Done." : "…"}`}
          </p>
        </div>
      )}
      <FormError message={error ? formErrorMessage(error) : null} />
    </div>
  );
}
