"use client";
// Moves focus to an element when `key` changes to a new non-null value: after an action that
// replaces what had focus (a consolidated row, an undone notice, a reordered item), focus goes to
// its result, never to <body>. The element needs tabIndex={-1} unless it is focusable itself.
import { useEffect, type RefObject } from "react";

export function useFocusOn(ref: RefObject<HTMLElement | null>, key: string | number | null | undefined): void {
  useEffect(() => {
    if (key === null || key === undefined) return;
    ref.current?.focus();
  }, [ref, key]);
}

/**
 * After a submit the server refused (`error` set), focus goes to the first invalid field of the
 * form, or else to its error message, so a keyboard or screen reader user lands on what to fix.
 */
export function useFocusFirstError(form: RefObject<HTMLElement | null>, error: unknown): void {
  useEffect(() => {
    if (!error || !form.current) return;
    const target =
      form.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current.querySelector<HTMLElement>('[role="alert"]');
    if (!target) return;
    if (!target.matches("input, select, textarea, button, [tabindex]")) target.setAttribute("tabindex", "-1");
    target.focus();
  }, [form, error]);
}

/**
 * Like useFocusOn, for a result that arrives later (a download, a sync's end): focus moves only if
 * the person has not moved on, i.e. focus is on <body> (its control went away) or still inside
 * `from` (the action's own controls). Without `from`, only a lost focus is taken.
 */
export function useFocusIfStill(
  ref: RefObject<HTMLElement | null>,
  key: string | number | null | undefined,
  from?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (key === null || key === undefined) return;
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (lost || (active && from?.current?.contains(active))) ref.current?.focus();
  }, [ref, key, from]);
}
