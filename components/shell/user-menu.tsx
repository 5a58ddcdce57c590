"use client";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function UserMenu({ name, email }: { name: string; email: string }) {
  const [pending, setPending] = useState(false);
  return (
    <div className="flex items-center gap-3">
      <div className="hidden text-right sm:block">
        <p className="text-sm font-medium text-white">{name}</p>
        <p className="text-xs text-slate-400">{email}</p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="whitespace-nowrap"
        pending={pending}
        onClick={() => {
          setPending(true);
          void signOut({ redirectTo: "/signin" });
        }}
      >
        Sign out
      </Button>
    </div>
  );
}
