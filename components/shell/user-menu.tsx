"use client";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Who is signed in and Sign out: in the app bar, or (`inMenu`) at the foot of the phone's menu. */
export function UserMenu({ name, email, inMenu = false }: { name: string; email: string; inMenu?: boolean }) {
  const [pending, setPending] = useState(false);
  return (
    <div className={inMenu ? "flex items-center justify-between gap-3" : "flex items-center gap-3"}>
      <div className={inMenu ? "min-w-0" : "hidden text-right sm:block"}>
        <p className={inMenu ? "truncate text-sm font-medium text-slate-900" : "text-sm font-medium text-white"}>
          {name}
        </p>
        <p className={inMenu ? "truncate text-xs text-slate-600" : "text-xs text-slate-400"}>{email}</p>
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
