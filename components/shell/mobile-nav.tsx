"use client";
// The navigation on a phone: one "Menu" button in the app bar that opens the list of pages under it
// (a disclosure, not a modal), instead of three rows of pills above every page. Choosing a page,
// pressing Escape or the button again closes it; Escape returns focus to the button.
import { usePathname } from "next/navigation";
import { useRef, useState, type ReactNode } from "react";
import { focusRing } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { NavLinks } from "@/components/shell/nav-links";

/** `footer`: what closes the menu (who is signed in, Sign out), under the pages. */
export function MobileNav({ footer }: { footer?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [openedOn, setOpenedOn] = useState(pathname);
  const button = useRef<HTMLButtonElement>(null);
  // A navigation closes it (state adjusted while rendering, as React advises, not in an effect).
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }
  return (
    <div className="md:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="mobile-nav"
        onClick={() => setOpen(!open)}
        className={cx(
          "inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-white hover:bg-slate-800",
          focusRing,
        )}
      >
        <span aria-hidden="true" className="text-base leading-none">
          {open ? "✕" : "☰"}
        </span>
        Menu
      </button>
      {open && (
        <div
          id="mobile-nav"
          className="absolute inset-x-0 top-full z-40 border-b border-slate-200 bg-white px-4 py-4 shadow-lg"
          onKeyDown={(event) => {
            if (event.key !== "Escape") return;
            setOpen(false);
            button.current?.focus();
          }}
        >
          <NavLinks />
          {footer && <div className="mt-4 border-t border-slate-200 pt-4">{footer}</div>}
        </div>
      )}
    </div>
  );
}
