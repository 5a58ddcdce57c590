// The worker's approval checks (approval-checks.ts) running for the tests of the calling block:
// started before its first test, stopped after its last.
import { afterAll, beforeAll } from "vitest";
import { approvalChecksAsInTheWorker } from "@/testing/support/approval-checks";

export function withApprovalChecksRunning() {
  let stop: () => Promise<void> = () => Promise.resolve();
  beforeAll(async () => {
    stop = await approvalChecksAsInTheWorker();
  });
  afterAll(() => stop());
}
