// Detection measured against the sandbox's truth (sandbox/bank/data/recurring-truth.ts): a detected
// stream matches a true one of the same account, counterpart name, direction and period (and, where
// the truth names one, an amount within a quarter); each matches at most once. Precision is the
// share of detected streams that match, recall the share of true streams found.
import type { TruthStream } from "@/sandbox/bank/data/recurring-truth";
import type { RecurringStream } from "@/lib/recurring/schemas";

export type Measured = {
  truth: number;
  detected: number;
  matched: number;
  precision: number;
  recall: number;
  /** True streams whose stated status the match does not have. */
  wrongStatus: string[];
  missed: string[];
  extra: string[];
};

/** `externalIdOf` maps a detected stream's account to the bank's resourceId. */
export function measure(
  truth: readonly TruthStream[],
  detected: readonly RecurringStream[],
  externalIdOf: (accountId: string) => string,
): Measured {
  const used = new Set<number>();
  const extra: string[] = [];
  const wrongStatus: string[] = [];
  for (const s of detected) {
    const i = truth.findIndex(
      (t, k) =>
        !used.has(k) &&
        t.resourceId === externalIdOf(s.accountId) &&
        t.label.toLowerCase() === s.counterpartName.toLowerCase() &&
        t.direction === s.direction &&
        t.period === s.period &&
        (!t.amount || Math.abs(Number(t.amount) - Number(s.typicalAmount)) <= Number(t.amount) / 4),
    );
    if (i < 0) {
      extra.push(`${s.counterpartName} ${s.direction} ${s.period} ${s.typicalAmount}`);
      continue;
    }
    used.add(i);
    if (truth[i].status && truth[i].status !== s.status) wrongStatus.push(`${s.counterpartName}: ${s.status}`);
  }
  const missed = truth.filter((_, k) => !used.has(k)).map((t) => `${t.label} ${t.direction} ${t.period}`);
  const matched = used.size;
  return {
    truth: truth.length,
    detected: detected.length,
    matched,
    precision: detected.length ? matched / detected.length : 1,
    recall: truth.length ? matched / truth.length : 1,
    wrongStatus,
    missed,
    extra,
  };
}
