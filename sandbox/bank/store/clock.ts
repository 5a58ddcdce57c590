// The sandbox clock: one row holding an offset in days. Sandbox now = real now + offset; "today" is
// its UTC date. Every XS2A response's Date header shows it.
import { addDays, dateOf, MS_PER_DAY } from "@/sandbox/bank/data/dates";
import type { SandboxClock } from "@/sandbox/bank/data/transactions";
import { query } from "@/sandbox/bank/store/db";

export type ClockNow = SandboxClock & { nowMs: number; sandboxNowMs: number };

function clockAt(nowMs: number, offsetDays: number): ClockNow {
  const baseToday = dateOf(nowMs);
  return {
    nowMs,
    sandboxNowMs: nowMs + offsetDays * MS_PER_DAY,
    baseToday,
    today: addDays(baseToday, offsetDays),
    offsetDays,
  };
}

export async function readClock(nowMs = Date.now()): Promise<ClockNow> {
  const { rows } = await query<{ offset_days: number }>("SELECT offset_days FROM sandbox_bank.clock WHERE id = 1");
  return clockAt(nowMs, rows[0]?.offset_days ?? 0);
}

export async function advanceClock(days: number): Promise<ClockNow> {
  const { rows } = await query<{ offset_days: number }>(
    "UPDATE sandbox_bank.clock SET offset_days = offset_days + $1, updated_at = now() WHERE id = 1 RETURNING offset_days",
    [days],
  );
  return clockAt(Date.now(), rows[0].offset_days);
}

export async function resetClock(): Promise<ClockNow> {
  await query("UPDATE sandbox_bank.clock SET offset_days = 0, updated_at = now() WHERE id = 1");
  return clockAt(Date.now(), 0);
}
