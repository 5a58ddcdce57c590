"use client";
// The secret of a one-time link (setup, password reset, invitation) is its URL fragment, which exists
// only in the browser: read it once after hydration and take it out of the address bar. null until
// read; "" when the page was opened without one.
import { useEffect, useState } from "react";

export function useFragmentSecret(): string | null {
  const [secret, setSecret] = useState<string | null>(null);
  useEffect(() => {
    const fragment = window.location.hash.slice(1);
    if (fragment) window.history.replaceState(null, "", window.location.pathname);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the fragment exists only in the browser, after hydration: one more render, once
    setSecret(fragment || "");
  }, []);
  return secret;
}
