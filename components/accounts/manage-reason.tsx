"use client";
// Why this person may not track or sync accounts (a viewer), said where the control would be;
// nothing for those who may.
import { useCanManageAccounts } from "@/lib/client/accounts";

export function ManageAccountsReason({ className, inline = false }: { className: string; inline?: boolean }) {
  const { allowed, reason } = useCanManageAccounts();
  if (allowed || !reason) return null;
  const Line = inline ? "span" : "p";
  return <Line className={className}>{reason}</Line>;
}
