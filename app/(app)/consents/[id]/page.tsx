import type { Metadata } from "next";
import { ConsentDetail } from "@/components/accounttracking/consent-detail";

export const metadata: Metadata = { title: "Bank connection · Ledgerlink" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ConsentDetail id={id} />;
}
