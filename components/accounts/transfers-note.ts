// The line under a currency's totals that says which rows were left out as transfers between the
// person's own accounts, and what that means for the figures above it.
import { formatMoney, isZero, plural } from "@/components/accounts/format";

/**
 * What leaving transfers out means, in words. Between two tracked accounts they cancel out, so the
 * sum is shown only when it is not zero (money moved to or from an own account not in this set).
 */
export function transfersNote(count: number, net: string, currency: string): string {
  const moved = isZero(net) ? "" : ` (${formatMoney(net, currency, { signed: true })} net)`;
  const verb = count === 1 ? "is" : "are";
  return `${plural(count, "transfer")} between your own accounts${moved} ${verb} left out of income and spending.`;
}
