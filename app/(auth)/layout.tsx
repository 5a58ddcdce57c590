import { AppLink } from "@/components/ui/app-link";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { auth } from "@/lib/auth/config";
import { Logo } from "@/components/ui/logo";

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  if (session?.user?.id) redirect("/dashboard");
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <AppLink href="/" className="mb-8 flex items-center gap-2 text-slate-900">
        <Logo size="medium" />
      </AppLink>
      <main className="w-full max-w-sm rounded-xl bg-white p-8 shadow-sm ring-1 ring-slate-200">{children}</main>
    </div>
  );
}
