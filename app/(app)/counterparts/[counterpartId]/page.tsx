import type { Metadata } from "next";
import { CounterpartDetailView } from "@/components/counterparts/counterpart-detail";

export const metadata: Metadata = { title: "Counterpart · Ledgerlink" };

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ counterpartId: string }>;
  searchParams: Promise<{ account?: string | string[] }>;
}) {
  const { counterpartId } = await params;
  const { account } = await searchParams;
  return <CounterpartDetailView id={counterpartId} accountId={typeof account === "string" ? account : undefined} />;
}
