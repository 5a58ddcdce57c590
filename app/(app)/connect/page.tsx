import type { Metadata } from "next";
import { ConnectWizard } from "@/components/accounttracking/connect-wizard";

export const metadata: Metadata = { title: "Connect a bank · Ledgerlink" };

export default function Page() {
  return <ConnectWizard />;
}
