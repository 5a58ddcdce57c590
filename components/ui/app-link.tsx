"use client";
// Every link between the app's pages. Next's <Link> prefetches each page it links to as soon as the
// link is in view: a page with the navigation (a dozen links) and rows that link on asked the server
// for a dozen prefetches or more at every view, each ~6 ms of the server's CPU against ~10 ms for the
// page itself (measured: docs/architecture.md, "Links prefetch on intent"). Here a page is prefetched
// when a person shows the intent to open it (the pointer over the link, keyboard focus on it, a finger
// down on it), which is still ahead of the click; nothing is fetched for links only looked at.
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

export type AppLinkProps = Omit<ComponentProps<typeof Link>, "prefetch">;

export function AppLink({ href, onMouseEnter, onFocus, onTouchStart, ...props }: AppLinkProps) {
  const router = useRouter();
  /** The link's own handler, then the prefetch. */
  const withIntent =
    <E,>(handler?: (event: E) => void) =>
    (event: E) => {
      handler?.(event);
      if (typeof href === "string" && href.startsWith("/")) router.prefetch(href);
    };
  return (
    <Link
      href={href}
      prefetch={false}
      onMouseEnter={withIntent(onMouseEnter)}
      onFocus={withIntent(onFocus)}
      onTouchStart={withIntent(onTouchStart)}
      {...props}
    />
  );
}
