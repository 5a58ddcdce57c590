import type { Metadata } from "next";
import { AccountsPage } from "@/components/accounts/accounts-page";
import { AccountsAccess } from "@/components/accounttracking/account-access";

export const metadata: Metadata = { title: "Accounts · Ledgerlink" };

export default function Page() {
  // Under the tracked accounts: accounts whose bank access ended (with Reconnect) and accounts a
  // connected bank shares that are not tracked yet (with Track).
  return (
    <>
      <AccountsPage />
      <AccountsAccess />
    </>
  );
}
