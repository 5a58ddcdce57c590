import type { Metadata } from "next";
import { AccountDetail } from "@/components/accounts/account-detail";

export const metadata: Metadata = { title: "Account · Ledgerlink" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <AccountDetail id={id} />;
}
