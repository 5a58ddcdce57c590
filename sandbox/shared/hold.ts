// A test control both local banks offer (the sandbox bank and the fake Enable Banking): hold an
// account's transaction reports until the test releases them, so a test can act while a sync is
// certainly in flight at the bank (e.g. 20 sync requests must all join the one running sync).
// Held in the serving process's module state.
// A hold releases itself after `maxMs`, so a test that fails before releasing cannot wedge the bank.

type Hold = { released: Promise<void>; release: () => void; waiting: number };

const HOLDS = new Map<string, Hold>();
const holds = (): Map<string, Hold> => HOLDS;

const keyOf = (bank: string, accountId: string) => `${bank}\u0000${accountId}`;

export const MAX_HOLD_MS = 20_000;

/** Holds the account's transaction reports (idempotent while held). */
export function holdAccount(bank: string, accountId: string, maxMs = MAX_HOLD_MS): void {
  const key = keyOf(bank, accountId);
  if (holds().has(key)) return;
  let resolve = () => {};
  const released = new Promise<void>((r) => (resolve = r));
  const hold: Hold = {
    released,
    waiting: 0,
    release: () => {
      clearTimeout(timer);
      // Only this hold: a later hold of the same account is not ended by this one's timer.
      if (holds().get(key) === hold) holds().delete(key);
      resolve();
    },
  };
  const timer = setTimeout(() => hold.release(), maxMs);
  timer.unref();
  holds().set(key, hold);
}

/** Releases a hold; returns how many requests were waiting on it, or null when none was held. */
export function releaseAccount(bank: string, accountId: string): number | null {
  const hold = holds().get(keyOf(bank, accountId));
  if (!hold) return null;
  hold.release();
  return hold.waiting;
}

/** How many requests wait on the account's hold now (0 when it is not held). */
export const waitingOn = (bank: string, accountId: string) => holds().get(keyOf(bank, accountId))?.waiting ?? 0;

/** Called by the bank before it answers a transaction report: waits while the account is held. */
export async function passHold(bank: string, accountId: string): Promise<void> {
  const hold = holds().get(keyOf(bank, accountId));
  if (!hold) return;
  hold.waiting += 1;
  await hold.released;
}

export type HoldAction = "hold" | "release";
export type HoldAnswer = { held: true } | { held: false; released: number };

/** The control both banks serve (`…/accounts/{id}/hold` and `…/release`), for an account they know. */
export function holdControl(bank: string, accountId: string, action: HoldAction): HoldAnswer {
  if (action === "hold") {
    holdAccount(bank, accountId);
    return { held: true };
  }
  return { held: false, released: releaseAccount(bank, accountId) ?? 0 };
}
