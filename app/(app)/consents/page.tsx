import type { Metadata } from "next";
import { ConsentsPage } from "@/components/accounttracking/consents-page";

export const metadata: Metadata = { title: "Bank connections · Ledgerlink" };

export default function Page() {
  return <ConsentsPage />;
}
