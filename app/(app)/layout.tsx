import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { signInFor } from "@/components/auth/safe-next";
import { AppShell } from "@/components/shell/app-shell";
import { auth } from "@/lib/auth/config";
import { REQUESTED_PATH_HEADER } from "@/lib/server/requested-path";

export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  // Signed out: to sign in, and back to the page and query asked for afterwards.
  if (!session?.user?.id) redirect(signInFor((await headers()).get(REQUESTED_PATH_HEADER)));
  const user = { name: session.user.name ?? session.user.email ?? "You", email: session.user.email ?? "" };
  return <AppShell user={user}>{children}</AppShell>;
}
