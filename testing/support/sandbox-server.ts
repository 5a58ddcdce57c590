// The sandbox bank for integration tests: served by the test's banks server (banks-server.ts) at the
// SANDBOX_BANK_URL the app was configured with (test-banks-env.ts), so our NextGenPSD2 client reaches
// it over HTTP exactly as it would a bank, with the "sandbox" integration reading its directory there.
import { bankForTestFile } from "@/testing/support/bank-for-tests";
import { resetBankClock } from "@/testing/support/bank-flow";

/** For a test file: the sandbox bank over HTTP (testing/support/bank-for-tests.ts). */
export const withSandboxBank = () => bankForTestFile({ prepare: () => ({}), resetClock: resetBankClock });
