"use client";
// A modal dialog on the native <dialog>: showModal() makes the rest of the page inert and Escape
// cancels it. It is rendered at the root of the document (a portal into <body>), so wherever it is
// opened from (a table cell with nowrap and right-aligned text) nothing of that place is inherited.
// On top of that, Tab and Shift+Tab wrap inside the dialog (so focus never leaves it for the
// browser's own controls), and on close focus goes back to the control that opened it.
import { useEffect, useId, useRef, useSyncExternalStore, type ReactNode } from "react";
import { createPortal } from "react-dom";

const noSubscription = () => () => undefined;

/** True in the browser (after hydration), false on the server: the portal's target exists. */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog({
  open,
  title,
  children,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const inBrowser = useInBrowser();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, inBrowser]);

  // Whatever closed it (Escape, a button, the parent), focus returns to the opener.
  const restoreFocus = () => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
    // The opener can be gone (a revoked consent loses its Revoke button): the page heading, then.
    else document.querySelector<HTMLElement>("#main h1")?.focus();
  };

  // Unmounted while open (the row that held it went away after its action): no close event comes,
  // and focus would be lost to <body>. Once the removal is done, the opener or the heading takes it.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (!dialog?.open) return;
      const target = opener.current;
      opener.current = null;
      queueMicrotask(() => {
        if (target?.isConnected) target.focus();
        else document.querySelector<HTMLElement>("#main h1")?.focus();
      });
    };
  }, [inBrowser]);

  const trapTab = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!inBrowser) return null;
  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        // Escape: let React state drive the close so the parent stays in charge.
        event.preventDefault();
        onClose();
      }}
      onClose={restoreFocus}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-white p-0 text-left text-sm whitespace-normal text-slate-700 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40"
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
            {title}
          </h2>
          <div className="mt-3">{children}</div>
        </div>
      )}
    </dialog>,
    document.body,
  );
}
