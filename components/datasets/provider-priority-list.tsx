"use client";
// Provider priority: drag a row, or use its Move up / Move down buttons (keyboard and screen
// readers); the checkbox includes or excludes a provider. Included providers, top first, are the
// profile's provider_priorities.
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { FieldError } from "@/components/ui/field";
import type { Provider } from "@/lib/client/datasets";

export type PriorityItem = { id: string; included: boolean };

function move<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export function ProviderPriorityList({
  items,
  providers,
  onChange,
  disabled,
  error,
}: {
  items: PriorityItem[];
  providers: Provider[];
  onChange: (items: PriorityItem[]) => void;
  disabled?: boolean;
  error?: string;
}) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const nameOf = (id: string) => providers.find((p) => p.id === id)?.name ?? id;
  // The moved provider's arrow keeps focus; at the top or bottom that arrow is disabled, so the other one takes it.
  const [moved, setMoved] = useState<{ id: string; up: boolean; at: number } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!moved) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>(`[data-provider="${moved.id}"] button`);
    const [up, down] = buttons ? [...buttons] : [];
    const target = moved.up ? (up?.disabled ? down : up) : down?.disabled ? up : down;
    target?.focus();
  }, [moved]);

  /** `byButton`: moved with its arrow button, which then keeps focus (a drag leaves focus alone). */
  const reorder = (from: number, to: number, byButton = false) => {
    if (to < 0 || to >= items.length || from === to) return;
    const next = move(items, from, to);
    onChange(next);
    if (byButton) setMoved({ id: items[from].id, up: to < from, at: (moved?.at ?? 0) + 1 });
    setAnnouncement(`${nameOf(items[from].id)} moved to position ${to + 1} of ${items.length}.`);
  };

  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">Provider priority</legend>
      <p className="mt-1 text-xs text-slate-500">
        Each subset is fetched from the first included provider that has it; the next one is tried when a provider lacks
        it or fails. Drag a provider, or use its arrow buttons.
      </p>
      <ol ref={list} aria-label="Provider priority" className="mt-2 space-y-2" data-testid="provider-priority">
        {items.map((item, index) => {
          const provider = providers.find((p) => p.id === item.id);
          return (
            <li
              key={item.id}
              data-provider={item.id}
              draggable={!disabled}
              onDragStart={(e) => {
                setDragging(index);
                e.dataTransfer.effectAllowed = "move";
                e.dataTransfer.setData("text/plain", item.id);
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                const from = dragging ?? items.findIndex((i) => i.id === e.dataTransfer.getData("text/plain"));
                if (from >= 0) reorder(from, index);
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
              className={cx(
                "flex items-center gap-3 rounded-md bg-white px-3 py-2 ring-1 ring-inset",
                dragging === index ? "opacity-50 ring-indigo-400" : "ring-slate-200",
                !disabled && "cursor-grab",
              )}
            >
              <span aria-hidden="true" className="select-none text-slate-400">
                ⋮⋮
              </span>
              <span className="w-5 text-xs font-semibold text-slate-500">{index + 1}.</span>
              <label className="flex flex-1 items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={item.included}
                  onChange={(e) =>
                    onChange(items.map((i) => (i.id === item.id ? { ...i, included: e.target.checked } : i)))
                  }
                  className="size-4 rounded border-slate-300 text-indigo-600"
                />
                <span>
                  {provider?.name ?? item.id}
                  {provider && !provider.isEnabled && (
                    <span className="ml-2 text-xs text-amber-700">(switched off on this server)</span>
                  )}
                  <span className="block text-xs text-slate-500">
                    Provides {provider?.subsetTypes.join(", ") ?? "—"}
                    {provider?.countries ? ` · ${provider.countries.join(", ")}` : " · all countries"}
                  </span>
                </span>
              </label>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Move ${nameOf(item.id)} up`}
                disabled={index === 0}
                onClick={() => reorder(index, index - 1, true)}
              >
                ↑
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Move ${nameOf(item.id)} down`}
                disabled={index === items.length - 1}
                onClick={() => reorder(index, index + 1, true)}
              >
                ↓
              </Button>
            </li>
          );
        })}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <FieldError message={error} />
    </fieldset>
  );
}
