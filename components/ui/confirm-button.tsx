"use client";
// Every confirmation of a destructive action is this one pattern: a button that opens a modal dialog
// (components/ui/dialog.tsx, at the root of the page) saying what will happen, with the safe choice
// focused first. Confirming waits for the action: it closes when the action succeeds; a failure is
// told inside the dialog (a toast would sit behind the modal), and the person can try again or keep.
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/field";
import { errorMessage } from "@/lib/client/errors";

export function ConfirmButton({
  children,
  title,
  body,
  confirmLabel,
  cancelLabel = "Cancel",
  onConfirm,
}: {
  /** The button that opens the dialog. */
  children: ReactNode;
  /** The question, the dialog's name ("Revoke “CI key”?"). */
  title: string;
  /** What happens, in words. */
  body?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The action; the dialog closes once it resolves and shows its error if it rejects. */
  onConfirm: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setError(null);
  };
  const confirm = () => {
    setPending(true);
    setError(null);
    onConfirm().then(
      () => {
        setPending(false);
        close();
      },
      (e: unknown) => {
        setPending(false);
        setError(errorMessage(e));
      },
    );
  };
  return (
    <>
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Dialog open={open} title={title} onClose={close}>
        {body && <div className="space-y-3">{body}</div>}
        {error && (
          <div className="mt-4">
            <FormError message={error} />
          </div>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" autoFocus onClick={close}>
            {cancelLabel}
          </Button>
          <Button variant="danger" pending={pending} onClick={confirm}>
            {confirmLabel}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
