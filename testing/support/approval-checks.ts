// The worker's approval checks for an integration test, woken as the worker wakes them: by the
// announcement the authorization lifecycle makes when an approval starts waiting on the bank
// (APPROVAL_CHECKS_WAKE on the jobs' channel, lib/sync/worker.ts). Resolves once the channel is
// heard, so no announcement of the test's is missed. `withApprovalChecksRunning` runs them for the
// tests of the calling block: started before its first test, stopped after its last.
import { afterAll, beforeAll } from "vitest";
import { startApprovalChecks } from "@/lib/accounttracking/consents/approval-checks";
import { APPROVAL_CHECKS_WAKE } from "@/lib/accounttracking/consents/authorization-lifecycle";
import { listen } from "@/lib/db/listen";
import { sessionDatabaseUrl } from "@/lib/env";
import { JOBS_CHANNEL } from "@/lib/sync/queue";

async function approvalChecksAsInTheWorker(): Promise<() => Promise<void>> {
  const checks = startApprovalChecks();
  let up: () => void = () => undefined;
  const listening = new Promise<void>((resolve) => (up = resolve));
  const announced = listen({
    connectionString: sessionDatabaseUrl(),
    channel: JOBS_CHANNEL,
    name: "approval checks (test)",
    onNotification: (payload) => payload === APPROVAL_CHECKS_WAKE && checks.wake(),
    onUp: () => up(),
  });
  await listening;
  return async () => {
    await announced.stop();
    await checks.stop();
  };
}

export function withApprovalChecksRunning() {
  let stop: () => Promise<void> = () => Promise.resolve();
  beforeAll(async () => {
    stop = await approvalChecksAsInTheWorker();
  });
  afterAll(() => stop());
}
