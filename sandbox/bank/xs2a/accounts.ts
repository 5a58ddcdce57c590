// XS2A account endpoints: account list, account details and balances, under a valid consent.
import { accountLinks, accountReference, accountView, balancesView } from "@/sandbox/bank/xs2a/views";
import { covers, coveredAccount, requireValidConsent, spendAccessBudget } from "@/sandbox/bank/xs2a/consent-guard";
import { formatError, json, type BankContext } from "@/sandbox/bank/xs2a/http";

/** The key the account list's unattended accesses count under (it addresses no single account). */
const ACCOUNT_LIST_KEY = "*accounts";

function withBalanceParam(ctx: BankContext): boolean {
  const value = ctx.url.searchParams.get("withBalance");
  if (value === null || value === "false") return false;
  if (value === "true") return true;
  throw formatError("withBalance must be true or false.");
}

export async function listAccounts(ctx: BankContext): Promise<Response> {
  const withBalance = withBalanceParam(ctx);
  const access = await requireValidConsent(ctx);
  await spendAccessBudget(ctx, access.consent, ACCOUNT_LIST_KEY);
  const accounts = access.accounts
    .filter((a) => covers(access.consent, a, "accounts"))
    .map((a) => {
      const canBalances = covers(access.consent, a, "balances");
      return accountView(
        a,
        accountLinks(a, canBalances, covers(access.consent, a, "transactions")),
        withBalance && canBalances ? balancesView(a, ctx.clock) : null,
      );
    });
  return json({ accounts });
}

export async function readAccount(ctx: BankContext): Promise<Response> {
  const withBalance = withBalanceParam(ctx);
  const access = await requireValidConsent(ctx);
  const account = coveredAccount(access, ctx.params.accountId, "accounts");
  await spendAccessBudget(ctx, access.consent, account.resourceId);
  const canBalances = covers(access.consent, account, "balances");
  const links = accountLinks(account, canBalances, covers(access.consent, account, "transactions"));
  return json({
    account: accountView(account, links, withBalance && canBalances ? balancesView(account, ctx.clock) : null),
  });
}

export async function readBalances(ctx: BankContext): Promise<Response> {
  const access = await requireValidConsent(ctx);
  const account = coveredAccount(access, ctx.params.accountId, "balances");
  await spendAccessBudget(ctx, access.consent, account.resourceId);
  return json({ account: accountReference(account), balances: balancesView(account, ctx.clock) });
}
