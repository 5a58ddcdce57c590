import type { Metadata } from "next";
import { Suspense } from "react";
import { ConnectResult } from "@/components/accounttracking/connect-result";

export const metadata: Metadata = { title: "Back from your bank · Ledgerlink" };

export default function Page() {
  return (
    <Suspense>
      <ConnectResult />
    </Suspense>
  );
}
