import type { Metadata } from "next";
import { LookupPage } from "@/components/datasets/lookup-page";

export const metadata: Metadata = { title: "Company lookup · Ledgerlink" };

export default function Page() {
  return <LookupPage />;
}
