// The picker's "Continue" in a bar that stays at the bottom of the screen while the steps above it
// scroll: on a phone the bank list is long, and the button must be in view once a bank is picked.
import type { ReactNode } from "react";

export function StickyContinue({ children }: { children: ReactNode }) {
  return (
    <div
      data-testid="sticky-continue"
      className="sticky bottom-0 z-10 mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur"
    >
      {children}
    </div>
  );
}
