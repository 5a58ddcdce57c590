import type { Metadata } from "next";
import { Suspense } from "react";
import { ConnectWizard } from "@/components/accounttracking/connect-wizard";

export const metadata: Metadata = { title: "Connect a bank · Ledgerlink" };

export default function Page() {
  // The wizard reads ?country= and ?bank= ("Try again" from a declined connection).
  return (
    <Suspense>
      <ConnectWizard />
    </Suspense>
  );
}
