"use client";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useFocusOn } from "@/components/ui/use-focus-on";

/**
 * Shows a freshly created secret once, with a Copy button. It is announced (a status) and focus
 * moves to its Copy button, so a keyboard or screen reader user meets it at once.
 */
export function NewSecret({ label, secret, onDismiss }: { label: string; secret: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  const copyButton = useRef<HTMLButtonElement>(null);
  useFocusOn(copyButton, secret);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      // Clipboard access can be denied; the secret stays selectable.
    }
  }

  return (
    <div role="region" aria-label={label} className="rounded-lg bg-amber-50 p-4 ring-1 ring-inset ring-amber-300">
      <div role="status">
        <p className="text-sm font-semibold text-amber-900">{label}</p>
        <p className="mt-1 text-sm text-amber-900">
          Copy it now and store it somewhere safe. <strong>You won&apos;t see it again.</strong>
        </p>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code
          data-testid="new-token-secret"
          className="min-w-0 flex-1 select-all break-all rounded-md bg-white px-3 py-2 font-mono text-sm text-slate-900 ring-1 ring-inset ring-amber-200"
        >
          {secret}
        </code>
        <Button ref={copyButton} variant="secondary" onClick={() => void copy()}>
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button variant="ghost" onClick={onDismiss}>
          Done
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? "Copied to clipboard" : ""}
      </p>
    </div>
  );
}
