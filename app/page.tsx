import { redirect } from "next/navigation";
import { ButtonLink } from "@/components/ui/button";
import { auth } from "@/lib/auth/config";
import { Logo } from "@/components/ui/logo";

export default async function Home() {
  const session = await auth();
  if (session?.user?.id) redirect("/dashboard");
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center px-6 py-16">
      <div className="flex items-center gap-2">
        <Logo size="large" />
      </div>
      <h1 className="mt-8 text-4xl font-semibold tracking-tight text-slate-900">
        Your clients, their bank accounts and company data, in one calm place.
      </h1>
      <p className="mt-4 max-w-xl text-lg text-slate-600">
        Keep a governed registry of the companies and people you work with, share it with your team, and connect it to
        your own tools with scoped API keys.
      </p>
      <div className="mt-8 flex gap-3">
        <ButtonLink href="/signup">Sign up</ButtonLink>
        <ButtonLink href="/signin" variant="secondary">
          Sign in
        </ButtonLink>
      </div>
    </main>
  );
}
