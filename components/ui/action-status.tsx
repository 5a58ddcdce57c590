"use client";
// What an action did, said where focus goes when it ends: "Saved with 2 tags.", "Filters cleared.",
// "The export failed: …". The line is always in the page (an empty live region), so a screen reader
// announces its text when it appears, and focusable (tabIndex -1), so focus can land on it instead of
// falling to <body> when the action's own control goes away or the answer comes later.
import { useRef, type RefObject } from "react";
import { cx } from "@/components/ui/cx";
import { useFocusIfStill, useFocusOn } from "@/components/ui/use-focus-on";

export type ActionOutcome = { message: string; tone: "success" | "error"; key: number };

/** An outcome to show; `key` differs each time, so the same words said twice still move focus. */
export const outcome = (message: string, tone: ActionOutcome["tone"] = "success"): ActionOutcome => ({
  message,
  tone,
  key: Date.now() + Math.random(),
});

export function ActionStatus({
  outcome: said,
  from,
  className,
}: {
  outcome: ActionOutcome | null;
  /**
   * The action's controls, for a result that may come late: focus moves only from there or from
   * <body>. Without it, focus moves at once (the person just pressed the control and waits).
   */
  from?: RefObject<HTMLElement | null>;
  className?: string;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useFocusOn(ref, from ? null : said?.key);
  useFocusIfStill(ref, from ? said?.key : null, from);
  const isError = said?.tone === "error";
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role={isError ? "alert" : "status"}
      className={cx(
        "text-xs focus:outline-none focus-visible:outline-2 focus-visible:outline-indigo-600",
        isError ? "text-red-800" : "text-emerald-800",
        !said && "sr-only",
        className,
      )}
    >
      {said?.message}
    </p>
  );
}
