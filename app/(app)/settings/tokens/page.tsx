import type { Metadata } from "next";
import { PersonalTokensPage } from "@/components/settings/personal-tokens-page";

export const metadata: Metadata = { title: "Personal access tokens · Ledgerlink" };

export default function Page() {
  return <PersonalTokensPage />;
}
