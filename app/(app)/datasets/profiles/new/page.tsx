import type { Metadata } from "next";
import { NewProfilePage } from "@/components/datasets/profile-editor-page";

export const metadata: Metadata = { title: "New profile · Ledgerlink" };

export default function Page() {
  return <NewProfilePage />;
}
