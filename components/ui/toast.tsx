"use client";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { cx } from "@/components/ui/cx";

type Tone = "success" | "error";
type Toast = { id: number; tone: Tone; message: string };
type ToastApi = { success: (message: string) => void; error: (message: string) => void };

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);

  const push = useCallback((tone: Tone, message: string) => {
    const id = Date.now() + Math.random();
    setToasts((list) => [...list.slice(-3), { id, tone, message }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), tone === "error" ? 8000 : 4000);
  }, []);

  const api = useMemo<ToastApi>(() => ({ success: (m) => push("success", m), error: (m) => push("error", m) }), [push]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed bottom-4 right-4 z-50 flex w-80 flex-col gap-2">
        {toasts.map((t) => (
          <div
            key={t.id}
            role={t.tone === "error" ? "alert" : "status"}
            className={cx(
              "pointer-events-auto rounded-lg px-4 py-3 text-sm shadow-lg ring-1",
              t.tone === "success" ? "bg-white text-slate-800 ring-emerald-200" : "bg-white text-red-800 ring-red-200",
            )}
          >
            <span aria-hidden="true" className={cx("mr-2", t.tone === "success" ? "text-emerald-600" : "text-red-600")}>
              {t.tone === "success" ? "✓" : "!"}
            </span>
            {t.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}
