"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { focusRing } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";

const MAIN = [
  { href: "/dashboard", label: "Dashboard" },
  { href: "/clients", label: "Clients" },
  { href: "/consents", label: "Bank connections" },
  { href: "/accounts", label: "Accounts" },
  { href: "/datasets", label: "Data registry" },
  { href: "/companies/lookup", label: "Company lookup" },
];
const SETTINGS = [
  { href: "/settings/tokens", label: "Tokens" },
  { href: "/settings/api-keys", label: "API keys" },
  { href: "/settings/members", label: "Members" },
];

function NavLink({ href, label }: { href: string; label: string }) {
  const pathname = usePathname();
  const active = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={cx(
        "block rounded-md px-3 py-2 text-sm font-medium",
        focusRing,
        active ? "bg-indigo-50 text-indigo-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
      )}
    >
      {label}
    </Link>
  );
}

export function NavLinks({ compact = false }: { compact?: boolean }) {
  if (compact) {
    return (
      <nav aria-label="Main">
        <ul className="flex flex-wrap gap-1">
          {[...MAIN, ...SETTINGS].map((l) => (
            <li key={l.href}>
              <NavLink {...l} />
            </li>
          ))}
        </ul>
      </nav>
    );
  }
  return (
    <nav aria-label="Main" className="space-y-6">
      <ul className="space-y-1">
        {MAIN.map((l) => (
          <li key={l.href}>
            <NavLink {...l} />
          </li>
        ))}
      </ul>
      <div>
        <p id="nav-settings" className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
          Settings
        </p>
        <ul aria-labelledby="nav-settings" className="space-y-1">
          {SETTINGS.map((l) => (
            <li key={l.href}>
              <NavLink {...l} />
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
