import type { Metadata } from "next";
import { ApiKeysPage } from "@/components/settings/api-keys-page";

export const metadata: Metadata = { title: "API keys · Ledgerlink" };

export default function Page() {
  return <ApiKeysPage />;
}
