import type { Metadata } from "next";
import { Suspense } from "react";
import { ScopeCounterpartsPage } from "@/components/counterparts/scope-counterparts-page";

export const metadata: Metadata = { title: "Counterparts · Ledgerlink" };

export default function Page() {
  return (
    <Suspense>
      <ScopeCounterpartsPage />
    </Suspense>
  );
}
