// How many of a worker process's run slots may work at once: reads before syncs when the database
// is saturated.
//
// A fleet due at once keeps every slot busy, and each run's writes cost the database ~190 ms of CPU
// (docs/benchmarks.md). With every slot of every worker writing, the database's CPU is the queue the
// pages people read wait in: their p99 went to 2.7× idle. The worker cannot see those pages, but it can
// see the same queue: a statement that costs nothing (SELECT 1 on the probe pool) answers in a
// fraction of a millisecond on an idle server and in several once its CPUs are contended. So, as TCP
// Vegas does with round trips, each worker keeps the fastest probe of the last minutes as its base and
// compares the recent ones to it: while they stay well above it, the process gives back a slot, and
// at its last one rests between background jobs (never stops: the fleet still moves; a run someone
// asked for does not wait a rest); after a calm stretch it rests less, then takes a slot again, up to
// SYNC_CONCURRENCY. A slot given back finishes its run first and then waits; no run is interrupted.
import { probePool } from "@/lib/db/client";
import { log } from "@/lib/log";
import { wakeableSleeps } from "@/lib/sync/sleeps";

/** Probe times (ms) kept for a decision, and what a decision reads. */
export type Reading = { recent: number[]; base: number };

export const PROBE_EVERY_MS = 250;
/** Probes a decision takes the median of. */
export const PROBES_PER_DECISION = 4;
/** Contended: the recent median is this many times the base, and at least SLACK_MS above it. */
export const CONTENDED_RATIO = 3;
export const SLACK_MS = 1;
/** Calm decisions in a row before a slot is taken again (a slower climb than the fall). */
export const CALM_TO_GROW = 5;
/** The base is the fastest probe of the last BASE_MINUTES (kept as one minimum a minute). */
export const BASE_MINUTES = 10;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export function contended({ recent, base }: Reading): boolean {
  const now = median(recent);
  return now > base * CONTENDED_RATIO && now - base > SLACK_MS;
}

/** The rest a lone slot takes after a job, as a share of that job's time: first step, and most. */
export const REST_STEP = 0.25;
export const MAX_REST = 3;

/**
 * The controller, without clocks or connections. Contended: give back a slot; at the last one, rest
 * after each job (a quarter of the job's time, doubling to three times it: the slot then works a
 * quarter of the time). Calm for CALM_TO_GROW decisions: halve the rest, and once there is none,
 * take a slot again.
 */
export class AdmissionLimit {
  limit: number;
  rest = 0;
  private calm = 0;
  constructor(readonly max: number) {
    this.limit = max;
  }

  decide(reading: Reading): { limit: number; rest: number } {
    if (contended(reading)) {
      this.calm = 0;
      if (this.limit > 1) this.limit -= 1;
      else this.rest = Math.min(MAX_REST, this.rest ? this.rest * 2 : REST_STEP);
    } else if (++this.calm >= CALM_TO_GROW) {
      this.calm = 0;
      if (this.rest > 0) this.rest = this.rest / 2 < REST_STEP ? 0 : this.rest / 2;
      else if (this.limit < this.max) this.limit += 1;
    }
    return { limit: this.limit, rest: this.rest };
  }
}

/** The fastest probe of the last BASE_MINUTES: one minimum per minute, the oldest dropped. */
export class Base {
  private minutes: { minute: number; min: number }[] = [];

  add(ms: number, at = Date.now()): void {
    const minute = Math.floor(at / 60_000);
    const last = this.minutes.at(-1);
    if (last?.minute === minute) last.min = Math.min(last.min, ms);
    else this.minutes.push({ minute, min: ms });
    this.minutes = this.minutes.filter((m) => m.minute > minute - BASE_MINUTES);
  }

  get value(): number | undefined {
    return this.minutes.length ? Math.min(...this.minutes.map((m) => m.min)) : undefined;
  }
}

/**
 * A worker's admission: `admitted(slot)` resolves once slot (0-based) is below the limit. Probing
 * runs while `busy()` says a slot has work, or until a lowered limit is back at `max`: an idle
 * worker at full strength asks the database nothing.
 */
export function startAdmission(options: {
  max: number;
  busy: () => boolean;
  probe?: () => Promise<number>;
  onLimit?: (limit: number) => void;
  everyMs?: number;
}) {
  const { max, busy, probe = probeDatabase, onLimit = () => undefined, everyMs = PROBE_EVERY_MS } = options;
  const controller = new AdmissionLimit(max);
  const base = new Base();
  let recent: number[] = [];
  let waiters: (() => void)[] = [];
  let stopped = false;
  let probing = false;

  // Rests end early when the limit moves or the process stops, as waiting slots are released then.
  const rests = wakeableSleeps();
  const release = () => {
    const ready = waiters;
    waiters = [];
    for (const wake of ready) wake();
    rests.wakeAll();
  };

  const tick = async () => {
    if (probing || (!busy() && controller.limit === max && controller.rest === 0)) return;
    probing = true;
    try {
      const ms = await probe();
      base.add(ms);
      recent.push(ms);
      const floor = base.value;
      if (recent.length < PROBES_PER_DECISION || floor === undefined) return;
      const before = controller.limit;
      const { limit, rest } = controller.decide({ recent, base: floor });
      recent = [];
      if (limit !== before) {
        log.debug("sync slots admitted", { limit, rest, base: floor });
        onLimit(limit);
        release();
      }
    } catch (error) {
      // A probe that fails says nothing about contention; the run's own errors are handled where they occur.
      log.debug("admission probe failed", { error });
    } finally {
      probing = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  onLimit(controller.limit);

  return {
    get limit() {
      return controller.limit;
    },
    /** The rest after a background job, as a share of that job's time. */
    get restShare() {
      return controller.rest;
    },
    /** Resolves once `slot` (0-based) is below the limit. */
    async admitted(slot: number): Promise<void> {
      while (!stopped && slot >= controller.limit) await new Promise<void>((wake) => waiters.push(wake));
    },
    /** The rest owed after a job of `lastJobMs` (none unless contended at the last slot); ends early when stopped. */
    async rest(lastJobMs: number): Promise<void> {
      const ms = lastJobMs * controller.rest;
      if (ms <= 0 || stopped) return;
      await rests.sleep(ms);
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      release();
    },
  };
}

/** One round trip of a statement that costs the server nothing, in ms. */
async function probeDatabase(): Promise<number> {
  const t = performance.now();
  await probePool().query("SELECT 1");
  return performance.now() - t;
}
