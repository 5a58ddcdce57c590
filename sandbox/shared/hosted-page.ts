// The hosted "bank" page both aggregator fakes show: the person picks who they are (a scenario
// user), then which accounts to share, and approves or cancels; the decision is a form POST that
// the bank answers with a redirect back to the application.
import { escapeHtml as escape, fakeBankPage } from "@/sandbox/shared/web";

/** The scenario users a fake offers, in the order it lists them: who → what their bank does. */
type ScenarioUsers<U extends string> = Readonly<Record<U, string>>;
const scenarioUser = <U extends string>(users: ScenarioUsers<U>, name: string | null): U | undefined =>
  name !== null && Object.hasOwn(users, name) ? (name as U) : undefined;

type AccountChoice = { name: string; iban: string; currency: string };

export function hostedBankPage<U extends string>(page: {
  /** Names the fake in the page's header line. */
  brand: string;
  bankName: string;
  /** Trusted HTML above either form. */
  heading: string;
  users: ScenarioUsers<U>;
  /** The `user` query parameter: until it names a scenario user, the page asks who signs in. */
  user: string | null;
  accountsOf: (user: U) => AccountChoice[];
  /** What the application may read, ending the sentence "Choose the accounts the application may read …". */
  access: string;
  /** Where the decision form posts. */
  action: string;
}): Response {
  const user = scenarioUser(page.users, page.user);
  if (user === undefined) {
    const options = Object.entries<string>(page.users)
      .map(
        ([name, about], i) =>
          `<label><input type="radio" name="user" value="${escape(name)}"${i === 0 ? " checked" : ""}> ${escape(name)} <small>— ${escape(about)}</small></label>`,
      )
      .join("");
    return fakeBankPage(
      page.brand,
      200,
      `Sign in · ${page.bankName}`,
      `${page.heading}<form method="get"><fieldset><legend>Sign in as</legend>${options}</fieldset><button type="submit">Continue</button></form>`,
    );
  }
  const accounts = page
    .accountsOf(user)
    .map(
      (a, i) =>
        `<label><input type="checkbox" name="account" value="${i}" checked> ${escape(a.name)} <small>${escape(a.iban)} · ${escape(a.currency)}</small></label>`,
    )
    .join("");
  return fakeBankPage(
    page.brand,
    200,
    `Share accounts · ${page.bankName}`,
    `${page.heading}<p>Signed in as <strong>${escape(user)}</strong>. Choose the accounts the application may read ${escape(page.access)}.</p>
<form method="post" action="${escape(page.action)}"><input type="hidden" name="user" value="${escape(user)}"><fieldset><legend>Accounts to share</legend>${accounts}</fieldset>
<button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="cancel">Cancel</button></form>`,
  );
}

type Decision<U extends string> =
  { approved: true; user: U; accountIndexes: number[] } | { approved: false; noneChosen: boolean };

/** The posted decision: approved only with a scenario user and at least one account chosen. */
export function decisionOf<U extends string>(form: URLSearchParams, users: ScenarioUsers<U>): Decision<U> {
  const user = scenarioUser(users, form.get("user"));
  const accountIndexes = [...new Set(form.getAll("account").map(Number))].filter((n) => Number.isInteger(n) && n >= 0);
  if (form.get("decision") === "approve" && user !== undefined && accountIndexes.length > 0)
    return { approved: true, user, accountIndexes };
  return { approved: false, noneChosen: accountIndexes.length === 0 };
}

/** The bank sending the person back to the application. */
export const redirectBack = (to: URL) =>
  new Response(null, { status: 303, headers: { location: to.toString(), "cache-control": "no-store" } });
