import type { Metadata } from "next";
import { ConnectResult } from "@/components/accounttracking/connect-result";

export const metadata: Metadata = { title: "Back from your bank · Ledgerlink" };

export default function Page() {
  return <ConnectResult />;
}
