"use client";
import { AppLink } from "@/components/ui/app-link";
import { usePathname } from "next/navigation";
import { focusRing } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import nav from "@/components/shell/nav.json";
import { useCurrentScope } from "@/lib/client/hooks";

/** `adminOnly`: shown only to the current scope's admins (the page itself says so to anyone else). */
type Item = { href: string; label: string; adminOnly?: boolean };
/** The app's pages in the navigation (nav.json): the main ones, then the settings. */
const { main: MAIN, settings: ALL_SETTINGS } = nav satisfies Record<"main" | "settings", Item[]>;

function useSettings(): Item[] {
  const { scope } = useCurrentScope();
  return ALL_SETTINGS.filter((item) => !item.adminOnly || scope?.role === "admin");
}

function NavLink({ href, label }: Item) {
  const pathname = usePathname();
  const active = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <AppLink
      href={href}
      aria-current={active ? "page" : undefined}
      className={cx(
        "block rounded-md px-3 py-2 text-sm font-medium",
        focusRing,
        active ? "bg-indigo-50 text-indigo-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
      )}
    >
      {label}
    </AppLink>
  );
}

export function NavLinks() {
  const SETTINGS = useSettings();
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
