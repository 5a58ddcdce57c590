import type { Metadata } from "next";
import { CounterpartsPage } from "@/components/counterparts/counterparts-page";

export const metadata: Metadata = { title: "Counterparts · Ledgerlink" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CounterpartsPage accountId={id} />;
}
