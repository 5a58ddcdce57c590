"use client";
import Link from "next/link";
import { Card, PageHeader, Skeleton } from "@/components/ui/card";
import { focusRing } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { useCurrentScope, useMe } from "@/lib/client/hooks";

const NEXT_STEPS = [
  {
    href: "/clients",
    title: "Add your clients",
    body: "Build the registry of companies and people you work with. Search it, share it with your team.",
  },
  {
    href: "/settings/members",
    title: "Invite your team",
    body: "Add colleagues to this scope as admins, members or read-only viewers.",
  },
  {
    href: "/settings/api-keys",
    title: "Connect your tools",
    body: "Create a scoped API key so your own software can read or write this scope's data.",
  },
  {
    href: "/settings/tokens",
    title: "Personal access tokens",
    body: "Use the API as yourself from scripts and the command line.",
  },
];

export function Dashboard() {
  const me = useMe();
  const { scope } = useCurrentScope();
  const firstName = me.data?.user.name.split(" ")[0];

  return (
    <>
      <PageHeader
        title={firstName ? `Welcome, ${firstName}` : "Welcome"}
        description={
          scope ? (
            <>
              You are working in <strong className="font-medium text-slate-900">{scope.name}</strong> as{" "}
              {scope.role === "admin" ? "an admin" : `a ${scope.role}`}. Here is what you can do next.
            </>
          ) : (
            <Skeleton className="mt-1 h-4 w-72" />
          )
        }
      />
      <h2 className="sr-only">What&apos;s next</h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {NEXT_STEPS.map((step) => (
          <li key={step.href}>
            <Link
              href={step.href}
              className={cx(
                "group block h-full rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:ring-indigo-300",
                focusRing,
              )}
            >
              <p className="font-semibold text-slate-900 group-hover:text-indigo-700">
                {step.title} <span aria-hidden="true">→</span>
              </p>
              <p className="mt-1 text-sm text-slate-600">{step.body}</p>
            </Link>
          </li>
        ))}
      </ul>
      <Card className="mt-6 bg-indigo-50/60 p-5 ring-indigo-100">
        <p className="text-sm font-semibold text-indigo-900">Bank connections are coming</p>
        <p className="mt-1 text-sm text-indigo-800">
          Soon you will be able to link your clients&apos; bank accounts through PSD2 and follow balances and
          transactions here. Nothing to set up yet.
        </p>
      </Card>
    </>
  );
}
