import type { Metadata } from "next";
import { EditProfilePage } from "@/components/datasets/profile-editor-page";

export const metadata: Metadata = { title: "Profile · Ledgerlink" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditProfilePage id={id} />;
}
