// Serialisers from generated data to the Berlin Group JSON shapes (only fields the spec defines;
// absent values are omitted, never null).
import type { SandboxAccount } from "@/sandbox/bank/data/accounts";
import { bankBaseUrl } from "@/sandbox/bank/data/banks";
import { formatCents } from "@/sandbox/bank/data/money";
import { balancesOf } from "@/sandbox/bank/data/totals";
import type { GeneratedTransaction, SandboxClock } from "@/sandbox/bank/data/transactions";

export function accountLinks(account: SandboxAccount, withBalances: boolean, withTransactions: boolean) {
  const base = `${bankBaseUrl(account.bank.bankId)}/v1/accounts/${account.resourceId}`;
  return {
    ...(withBalances ? { balances: { href: `${base}/balances` } } : {}),
    ...(withTransactions ? { transactions: { href: `${base}/transactions` } } : {}),
  };
}

export function balancesView(account: SandboxAccount, clock: SandboxClock) {
  const b = balancesOf(account, clock);
  const amount = (cents: number) => ({ currency: account.currency, amount: formatCents(cents) });
  return [
    { balanceAmount: amount(b.closingBookedCents), balanceType: "closingBooked", referenceDate: b.closedDay },
    { balanceAmount: amount(b.interimBookedCents), balanceType: "interimBooked", referenceDate: clock.today },
    { balanceAmount: amount(b.interimAvailableCents), balanceType: "interimAvailable", referenceDate: clock.today },
  ];
}

export function accountView(
  account: SandboxAccount,
  links: ReturnType<typeof accountLinks>,
  balances: ReturnType<typeof balancesView> | null,
) {
  return {
    resourceId: account.resourceId,
    iban: account.iban,
    currency: account.currency,
    name: account.name,
    product: account.product,
    cashAccountType: account.cashAccountType,
    status: "enabled",
    bic: account.bank.bic,
    usage: account.usage,
    ownerName: account.profile.ownerName,
    ...(balances ? { balances } : {}),
    _links: links,
  };
}

export function accountReference(account: SandboxAccount) {
  return { iban: account.iban, currency: account.currency };
}

export function transactionView(t: GeneratedTransaction, currency: string, sendsIds = true) {
  return {
    // `noids`: a bank that identifies no entry (the spec makes both optional).
    ...(sendsIds ? { transactionId: t.transactionId, entryReference: t.entryReference } : {}),
    ...(t.endToEndId ? { endToEndId: t.endToEndId } : {}),
    ...(t.mandateId ? { mandateId: t.mandateId } : {}),
    ...(t.creditorId ? { creditorId: t.creditorId } : {}),
    ...(t.status === "booked" ? { bookingDate: t.date } : {}),
    valueDate: t.valueDate,
    transactionAmount: { currency, amount: formatCents(t.reportedCents) },
    ...(t.creditorName ? { creditorName: t.creditorName } : {}),
    ...(t.creditorIban ? { creditorAccount: { iban: t.creditorIban } } : {}),
    ...(t.ultimateCreditor ? { ultimateCreditor: t.ultimateCreditor } : {}),
    ...(t.debtorName ? { debtorName: t.debtorName } : {}),
    ...(t.debtorIban ? { debtorAccount: { iban: t.debtorIban } } : {}),
    ...(t.ultimateDebtor ? { ultimateDebtor: t.ultimateDebtor } : {}),
    ...(t.remittance ? { remittanceInformationUnstructured: t.remittance } : {}),
    bankTransactionCode: t.bankTransactionCode,
    ...(t.proprietaryBankTransactionCode ? { proprietaryBankTransactionCode: t.proprietaryBankTransactionCode } : {}),
  };
}
