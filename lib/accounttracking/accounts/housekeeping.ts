// A person's housekeeping of one account: stop tracking, resume, archive and restore (moves of the
// account's lifecycle, lib/accounttracking/accounts/lifecycle.ts) and hide or show it (a view
// choice). Each is a verb: the change, its audit row and (for a move) its event, in one transaction
// of its own whose `commit` the route lends. Nothing is deleted: every state keeps the account's
// transactions, counterparts and figures, and each change is undone by the opposite one.
import "server-only";
import { conflict } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record";
import { inside, transaction } from "@/lib/db/transaction";
import type { AccountTracking, TrackedAccount } from "@/lib/generated/prisma/client";
import { accountChange, setNickname, type AccountEdit } from "@/lib/accounttracking/accounts/accounts";
import { ACCOUNT_TRANSITIONS, canMoveAccount, moveAccount } from "@/lib/accounttracking/accounts/lifecycle";

const NAMES: Record<AccountTracking, string> = { tracking: "tracked", stopped: "stopped", archived: "archived" };

/** Why a move the table does not list is refused, and what the person can do instead. */
function refusal(from: AccountTracking, to: AccountTracking): string {
  const next = ACCOUNT_TRANSITIONS.filter((m) => m.from === from).map((m) => `${m.to} (${m.verb})`);
  return `A ${NAMES[from]} account cannot be ${NAMES[to]} directly: from ${from} it can go to ${next.join(" or ")}.`;
}

/** Moves the account to `to` (nothing when it is there already), with its audit row and event. */
export function setTracking({ account, to, actor, commit = transaction }: AccountEdit & { to: AccountTracking }) {
  return commit(async (tx) => {
    if (account.trackingState === to) return account;
    if (!canMoveAccount(account.trackingState, to, "person")) throw conflict(refusal(account.trackingState, to));
    const { account: moved, moved: done } = await moveAccount(tx, account.id, {
      from: account.trackingState,
      to,
      by: "person",
    });
    if (!done) throw conflict(`Someone else changed this account meanwhile: it is ${moved.trackingState} now.`);
    await recordAudit(tx, account.scopeId, actor, {
      action: "account.tracking_changed",
      recordType: "account",
      recordId: account.id,
      // `tracking`, not `trackingState`: the trail's redaction takes any key naming a state for a secret.
      before: { tracking: account.trackingState },
      after: { tracking: moved.trackingState },
    });
    return moved;
  });
}

/** Hides the account from the UI's lists, pickers and totals, or shows it again; audited. */
export function setHidden({ account, hidden, ...audited }: AccountEdit & { hidden: boolean }) {
  return accountChange({ ...audited, record: account, action: "account.hidden_changed", data: { hidden } });
}

type AccountUpdate = AccountEdit & { nickname?: string | null; hidden?: boolean; trackingState?: AccountTracking };

/** PATCH /accounts/{id}: the fields sent, in one transaction (all of them or none). */
export function updateAccount({
  account,
  nickname,
  hidden,
  trackingState,
  actor,
  commit = transaction,
}: AccountUpdate) {
  return commit(async (tx) => {
    const edit = { actor, commit: inside(tx) };
    let current: TrackedAccount = account;
    if (nickname !== undefined) current = await setNickname({ ...edit, account: current, nickname });
    if (hidden !== undefined) current = await setHidden({ ...edit, account: current, hidden });
    if (trackingState !== undefined) current = await setTracking({ ...edit, account: current, to: trackingState });
    return current;
  });
}
