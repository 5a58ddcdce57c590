import { AppLink } from "@/components/ui/app-link";
import type { ReactNode } from "react";
import { focusRing } from "@/components/ui/button";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { MobileNav } from "@/components/shell/mobile-nav";
import { NavLinks } from "@/components/shell/nav-links";
import { RouteFocus } from "@/components/shell/route-focus";
import { ScopeSwitcher } from "@/components/shell/scope-switcher";
import { ScopeSync } from "@/components/shell/scope-sync";
import { UserMenu } from "@/components/shell/user-menu";
import { Logo } from "@/components/ui/logo";

export function AppShell({ user, children }: { user: { name: string; email: string }; children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <ScopeSync />
      <RouteFocus />
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 text-sm focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <header className="relative bg-slate-900">
        <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
          <div className="flex min-w-0 items-center gap-2 sm:gap-5">
            <MobileNav footer={<UserMenu name={user.name} email={user.email} inMenu />} />
            <AppLink href="/dashboard" className={`flex items-center gap-2 rounded text-white ${focusRing}`}>
              <Logo size="small" />
            </AppLink>
            <ScopeSwitcher />
          </div>
          <div className="flex items-center gap-2 sm:gap-4">
            <NotificationBell />
            {/* On a phone, who is signed in and Sign out are in the menu: the bar stays one line. */}
            <div className="hidden md:block">
              <UserMenu name={user.name} email={user.email} />
            </div>
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl gap-8 px-4 py-6 sm:px-6 sm:py-8">
        <aside className="hidden w-48 shrink-0 md:block">
          <NavLinks />
        </aside>
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </div>
  );
}
