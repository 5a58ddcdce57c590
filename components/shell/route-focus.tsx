"use client";
// After a client-side navigation, focus moves to the new page's heading, so keyboard and screen
// reader users start at the top of what changed instead of on the link they pressed. Pages that load
// their data first render their h1 a moment later, so it waits (briefly) for one to appear.
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

const WAIT_MS = 5000;

function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>("#main h1");
  if (!heading) return false;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: false });
  return true;
}

export function RouteFocus() {
  const pathname = usePathname();
  const first = useRef(true);
  useEffect(() => {
    // The first load keeps the browser's own focus handling (and any autofocus on the page).
    if (first.current) {
      first.current = false;
      return;
    }
    if (focusHeading()) return;
    const main = document.getElementById("main");
    if (!main) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const stop = window.setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [pathname]);
  return null;
}
