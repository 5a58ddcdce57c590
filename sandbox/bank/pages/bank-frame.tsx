// The sandbox bank's own page frame: its name and colour, clearly marked as a sandbox.
import type { ReactNode } from "react";
import type { SandboxBank } from "@/sandbox/bank/data/banks";

export function BankFrame({ bank, children }: { bank: SandboxBank; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-stone-100 font-serif text-stone-900">
      <header style={{ backgroundColor: bank.colour }} className="text-white">
        <div className="mx-auto flex max-w-2xl items-center justify-between px-6 py-4">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="grid size-9 place-items-center rounded-full border-2 border-white/80 text-lg font-bold"
            >
              {bank.name.charAt(0)}
            </span>
            {/* Not a heading: the page's one h1 is the panel's title; the bank's name is branding. */}
            <div>
              <span className="block text-xl font-semibold tracking-wide">{bank.name}</span>
              <span className="block font-sans text-xs uppercase tracking-widest text-white/90">
                Secure online banking · {bank.bic}
              </span>
            </div>
          </div>
          <span className="rounded bg-yellow-300 px-2 py-1 font-sans text-xs font-bold uppercase tracking-wider text-stone-900">
            Sandbox
          </span>
        </div>
      </header>
      <p className="bg-yellow-100 px-6 py-2 text-center font-sans text-xs text-stone-700">
        This is a simulated bank for testing. No real accounts or money are involved.
      </p>
      <main className="mx-auto max-w-2xl px-6 py-8 font-sans">{children}</main>
    </div>
  );
}

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-stone-300 bg-white p-6 shadow-sm">
      <h1 className="mb-4 font-serif text-2xl font-semibold">{title}</h1>
      {children}
    </section>
  );
}

export function BankButton({
  children,
  name,
  value,
  tone = "primary",
  colour,
}: {
  children: ReactNode;
  name?: string;
  value?: string;
  tone?: "primary" | "secondary";
  colour: string;
}) {
  const style = tone === "primary" ? { backgroundColor: colour } : undefined;
  const cls = tone === "primary" ? "text-white" : "border border-stone-400 bg-white text-stone-800";
  return (
    <button
      type="submit"
      name={name}
      value={value}
      style={style}
      className={`rounded px-5 py-2 font-semibold ${cls} hover:opacity-90`}
    >
      {children}
    </button>
  );
}
