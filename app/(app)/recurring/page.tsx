import type { Metadata } from "next";
import { Suspense } from "react";
import { RecurringPage } from "@/components/recurring/recurring-page";

export const metadata: Metadata = { title: "Recurring payments · Ledgerlink" };

export default function Page() {
  return (
    <Suspense>
      <RecurringPage />
    </Suspense>
  );
}
