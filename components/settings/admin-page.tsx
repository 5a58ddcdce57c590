"use client";
// A settings page only the scope's admins use (API keys, webhooks, the audit trail): its header, then
// a skeleton while the scope loads, the admin's view, or for anyone else who may do it and how.
import { Fragment, type ReactNode } from "react";
import { Card, PageHeader, SkeletonRows } from "@/components/ui/card";
import { useCurrentScope } from "@/lib/client/hooks";

type Scope = NonNullable<ReturnType<typeof useCurrentScope>["scope"]>;

export function AdminPage({
  title,
  description,
  loading,
  what,
  children,
}: {
  title: string;
  description: string;
  /** The skeleton's label while the scope loads ("Loading API keys"). */
  loading: string;
  /** What only admins may do, for the notice ("manage webhooks"). */
  what: string;
  /** The admin's view, given the scope; keyed by the scope's id here, so a switch starts it afresh. */
  children: (scope: Scope) => ReactNode;
}) {
  const { scope, isLoading } = useCurrentScope();
  return (
    <>
      <PageHeader title={title} description={description} />
      {isLoading || !scope ? (
        <Card>
          <SkeletonRows rows={4} label={loading} />
        </Card>
      ) : scope.role === "admin" ? (
        <Fragment key={scope.scopeId}>{children(scope)}</Fragment>
      ) : (
        <NotAdminNotice scopeName={scope.name} role={scope.role} what={what} />
      )}
    </>
  );
}

function NotAdminNotice({ scopeName, role, what }: { scopeName: string; role: string; what: string }) {
  return (
    <Card className="p-6">
      <h2 className="text-base font-semibold text-slate-900">Only admins can {what}</h2>
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        Your role in <strong className="font-medium text-slate-900">{scopeName}</strong> is{" "}
        <strong className="font-medium text-slate-900">{role}</strong>. Ask an admin of this scope to do it for you, or
        to make you an admin. If you run your own workspace, switch to it with the scope selector at the top.
      </p>
    </Card>
  );
}
