import type { Metadata } from "next";
import { RegistryPage } from "@/components/datasets/registry-page";

export const metadata: Metadata = { title: "Data registry · Ledgerlink" };

export default function Page() {
  return <RegistryPage />;
}
