import type { Metadata } from "next";
import { WebhooksPage } from "@/components/settings/webhooks-page";

export const metadata: Metadata = { title: "Webhooks · Ledgerlink" };

export default function Page() {
  return <WebhooksPage />;
}
