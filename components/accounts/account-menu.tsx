"use client";
// An account's housekeeping: a menu (Stop tracking / Resume, Archive / Restore, Hide / Show), each
// item saying what it does, and a status line that says what happened with an Undo. Focus goes to
// that status line when an action starts and again when it ends (the menu item that had focus is
// gone by then), never to <body>. The page owns the status line (`useHousekeeping`), so it stays
// when the account leaves the list it was in (hidden, archived).
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { accountTitle } from "@/components/accounts/format";
import { Button } from "@/components/ui/button";
import { useFocusOn } from "@/components/ui/use-focus-on";
import { useUpdateAccount, type AccountUpdate } from "@/lib/client/account-housekeeping";
import { useCanManageAccounts, type Account } from "@/lib/client/accounts";
import { errorMessage } from "@/lib/client/errors";

type Action = { label: string; hint: string; change: AccountUpdate; doing: string; done: string; undo: AccountUpdate };

/** What can be done to the account where it stands, each with its undo. */
export function accountActions(account: Account): Action[] {
  const title = accountTitle(account);
  const actions: Action[] = [];
  if (account.trackingState === "tracking")
    actions.push({
      label: "Stop tracking",
      hint: "No more syncs. Its transactions and counterparts stay.",
      change: { trackingState: "stopped" },
      doing: `Stopping tracking of ${title}…`,
      done: `Stopped tracking ${title}: it no longer syncs, its transactions stay.`,
      undo: { trackingState: "tracking" },
    });
  if (account.trackingState === "stopped")
    actions.push(
      {
        label: "Resume tracking",
        hint: "Syncs again from where it stopped.",
        change: { trackingState: "tracking" },
        doing: `Resuming ${title}…`,
        done: `${title} is tracked again.`,
        undo: { trackingState: "stopped" },
      },
      {
        label: "Archive",
        hint: "Puts it away: out of lists and totals. Nothing is deleted.",
        change: { trackingState: "archived" },
        doing: `Archiving ${title}…`,
        done: `Archived ${title}: it is out of lists and totals; nothing was deleted.`,
        undo: { trackingState: "stopped" },
      },
    );
  if (account.trackingState === "archived")
    actions.push({
      label: "Restore",
      hint: "Back in lists and totals, still stopped.",
      change: { trackingState: "stopped" },
      doing: `Restoring ${title}…`,
      done: `Restored ${title}: it is back in lists, still stopped.`,
      undo: { trackingState: "archived" },
    });
  actions.push(
    account.hidden
      ? {
          label: "Show",
          hint: "Back in lists, pickers and totals.",
          change: { hidden: false },
          doing: `Showing ${title}…`,
          done: `${title} is shown again.`,
          undo: { hidden: true },
        }
      : {
          label: "Hide",
          hint: "Out of lists, pickers and totals. It still syncs.",
          change: { hidden: true },
          doing: `Hiding ${title}…`,
          done: `Hid ${title}: it is out of lists and totals, and still syncs.`,
          undo: { hidden: false },
        },
  );
  return actions;
}

type Notice = { key: number; text: string; tone: "info" | "error"; undo?: () => void };

/** The page's status line for housekeeping, and the function the menus call. */
export function useHousekeeping() {
  const update = useUpdateAccount();
  const [notice, setNotice] = useState<Notice | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useFocusOn(ref, notice?.key);
  const say = (text: string, tone: Notice["tone"] = "info", undo?: () => void) =>
    setNotice((n) => ({ key: (n?.key ?? 0) + 1, text, tone, undo }));

  function run(account: Account, action: Action, undoing = false) {
    say(undoing ? `Undoing… ${action.doing}` : action.doing);
    update.mutate(
      { id: account.id, change: action.change },
      {
        onSuccess: (after) => {
          if (undoing) return say(`Undone. ${action.done}`);
          // The undo is the opposite action, as the menu would offer it now.
          const reverse = accountActions(after).find((a) => sameChange(a.change, action.undo));
          say(action.done, "info", reverse && (() => run(after, reverse, true)));
        },
        onError: (error) => say(`${action.label} did not work: ${errorMessage(error)}`, "error"),
      },
    );
  }

  const status: ReactNode = notice && (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      data-testid="housekeeping-status"
      className={
        notice.tone === "error"
          ? "mb-4 flex flex-wrap items-center gap-3 rounded-md bg-red-50 px-4 py-2 text-sm text-red-800 ring-1 ring-red-200 focus:outline-2 focus:outline-indigo-600"
          : "mb-4 flex flex-wrap items-center gap-3 rounded-md bg-slate-100 px-4 py-2 text-sm text-slate-800 focus:outline-2 focus:outline-indigo-600"
      }
    >
      <span>{notice.text}</span>
      {notice.undo && (
        <Button size="sm" variant="secondary" onClick={notice.undo}>
          Undo
        </Button>
      )}
    </div>
  );
  return { run, status };
}

const sameChange = (a: AccountUpdate, b: AccountUpdate) => JSON.stringify(a) === JSON.stringify(b);

/** The menu button and its items; `onAction` is the page's `run`. Nothing for those who may not manage. */
export function AccountMenu({
  account,
  onAction,
  size = "md",
}: {
  account: Account;
  onAction: (account: Account, action: Action) => void;
  size?: "sm" | "md";
}) {
  const { allowed } = useCanManageAccounts();
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    box.current?.querySelector<HTMLButtonElement>("[data-menu-item]")?.focus();
    const outside = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", outside);
    return () => document.removeEventListener("mousedown", outside);
  }, [open]);
  if (!allowed) return null;
  const title = accountTitle(account);
  return (
    <div
      ref={box}
      className="relative inline-block text-left"
      onKeyDown={(e) => {
        if (e.key !== "Escape" || !open) return;
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <Button
        ref={toggle}
        variant="secondary"
        size={size}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        Manage<span className="sr-only"> {title}</span>
        <span aria-hidden="true"> ▾</span>
      </Button>
      {open && (
        <ul
          id={id}
          aria-label={`Manage ${title}`}
          className="absolute right-0 z-20 mt-1 w-72 rounded-md bg-white py-1 text-left shadow-lg ring-1 ring-slate-200"
        >
          {accountActions(account).map((action) => (
            <li key={action.label}>
              <button
                type="button"
                data-menu-item
                className="block w-full px-4 py-2 text-left hover:bg-slate-50 focus:bg-slate-100 focus:outline-none"
                onClick={() => {
                  setOpen(false);
                  onAction(account, action);
                }}
              >
                <span className="block text-sm font-medium text-slate-900">{action.label}</span>
                <span className="block text-xs text-slate-600">{action.hint}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
