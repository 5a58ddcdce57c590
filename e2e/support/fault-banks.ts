// The two bank integrations the sync fault suite runs through: the sandbox bank (NextGenPSD2) and
// the local fake Enable Banking. Each names its scenario users and how a test connects, reads the
// bank's own answer, moves the bank's clock and ends access at the bank.
import { test, type APIRequestContext } from "@playwright/test";
import { bankTransactions, type Canonical } from "./bank-truth";
import { connectBank, type Connection, type TrackedAccount } from "./connect";
import {
  connectEnableBanking,
  endFakeSession,
  enableBankingTransactions,
  holdFakeAccount,
  moveFakeClock,
} from "./enablebanking";
import type { Person } from "./person";
import { advanceBankClock, endAtBank, holdAtBank, resetBankClock } from "./sandbox-controls";
import { FAULTS_INAPP_DATA_DIR, FAULTS_SPLIT_DATA_DIR, isSplit } from "./topology";
import type { HoldAction, HoldAnswer } from "../../sandbox/shared/hold";

export type Scenario = "ratelimited" | "flaky" | "pending" | "idless" | "oddities" | "ordinary";

export type FaultBank = {
  name: "sandbox" | "enablebanking";
  users: Record<Scenario, string>;
  /** Days the bank's clock moves for pending entries to be booked. */
  bookingDays: number;
  connect(request: APIRequestContext, person: Person, user: string): Promise<Connection>;
  /** Every transaction the bank lists for the account, read from the bank under the same access. */
  truth(request: APIRequestContext, account: TrackedAccount, connection: Connection): Promise<Canonical[]>;
  moveClock(request: APIRequestContext, days: number | "reset"): Promise<void>;
  end(
    request: APIRequestContext,
    connection: Connection,
    account: TrackedAccount,
    how: "expire" | "revoke",
  ): Promise<void>;
  /** Holds the account's transaction reports at the bank until released; release answers how many waited. */
  hold(request: APIRequestContext, account: TrackedAccount, action: HoldAction): Promise<HoldAnswer>;
};

/** The data directory of the server under test (its Enable Banking key is there). */
const dataDir = () => (isSplit(test.info().project.name) ? FAULTS_SPLIT_DATA_DIR : FAULTS_INAPP_DATA_DIR);

export function faultBanks(): FaultBank[] {
  return [
    {
      name: "sandbox",
      users: {
        ratelimited: "ratelimited",
        flaky: "flaky",
        pending: "pending",
        idless: "noids",
        oddities: "oddities",
        ordinary: "alice",
      },
      bookingDays: 3,
      connect: (request, person, user) => connectBank(request, person, user),
      truth: (request, account, connection) => bankTransactions(request, account, connection),
      moveClock: (request, days) => (days === "reset" ? resetBankClock(request) : advanceBankClock(request, days)),
      end: (request, connection, _account, how) => endAtBank(request, connection.bankConsentId, how),
      hold: (request, account, action) => holdAtBank(request, account.bankAccountId, action),
    },
    {
      name: "enablebanking",
      users: {
        ratelimited: "ratelimited",
        flaky: "flaky",
        pending: "alice",
        idless: "idless",
        oddities: "oddities",
        ordinary: "alice",
      },
      bookingDays: 3,
      connect: (request, person, user) => connectEnableBanking(request, person, user),
      truth: (request, account) => enableBankingTransactions(request, account, dataDir()),
      moveClock: moveFakeClock,
      end: (request, _connection, account, how) => endFakeSession(request, account, how),
      hold: holdFakeAccount,
    },
  ];
}
