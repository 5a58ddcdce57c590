"use client";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** A destructive action in two steps: the first click asks, the second confirms. */
export function ConfirmButton({
  children,
  confirmLabel,
  question,
  onConfirm,
  pending,
}: {
  children: ReactNode;
  confirmLabel: string;
  question: string;
  onConfirm: () => void;
  pending?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="danger" size="sm" onClick={() => setAsking(true)} pending={pending}>
        {children}
      </Button>
    );
  }
  return (
    <span className="inline-flex items-center gap-2" role="group" aria-label={question}>
      <span className="text-xs text-slate-600">{question}</span>
      <Button
        variant="danger"
        size="sm"
        autoFocus
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </span>
  );
}
