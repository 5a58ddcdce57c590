import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { auth } from "@/lib/auth/config";

export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  if (!session?.user?.id) redirect("/signin");
  const user = { name: session.user.name ?? session.user.email ?? "You", email: session.user.email ?? "" };
  return <AppShell user={user}>{children}</AppShell>;
}
