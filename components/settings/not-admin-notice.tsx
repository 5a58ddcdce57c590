import { Card } from "@/components/ui/card";

export function NotAdminNotice({ scopeName, role, what }: { scopeName: string; role: string; what: string }) {
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
