// Sleeps a loop can cut short: each ends at its time, or at once when `wakeAll` is called (the
// process stopping, an announcement, the admission limit moving). The worker's idle takers (its
// queue slots and the approval checks) sleep with them until the next thing is due and wait out
// their stop's grace (lib/sync/due-loop.ts); the admission limit rests with them after a background
// job (lib/sync/admission.ts).
import "server-only";

export function wakeableSleeps() {
  const sleeping = new Set<() => void>();
  return {
    sleep(ms: number): Promise<void> {
      return new Promise<void>((resume) => {
        const wake = () => {
          clearTimeout(timer);
          sleeping.delete(wake);
          resume();
        };
        const timer = setTimeout(wake, ms);
        sleeping.add(wake);
      });
    },
    wakeAll(): void {
      for (const wake of [...sleeping]) wake();
    },
  };
}
