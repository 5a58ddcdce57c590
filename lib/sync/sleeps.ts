// Sleeps a loop can cut short: each ends at its time, or at once when `wakeAll` is called (the
// process stopping, the admission limit moving). The worker's slots pause with them between empty
// fetches and wait out their stop's grace (lib/sync/queue.ts); the admission limit rests with them
// after a background job (lib/sync/admission.ts).
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
