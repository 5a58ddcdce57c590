// The sandbox bank's own page frame: its name and colour, clearly marked as a sandbox.
import type { ReactNode } from "react";
import type { SandboxBank } from "@/sandbox/bank/data/banks";

export function BankFrame({ bank, children }: { bank: SandboxBank; children: ReactNode }) {
  return (
    <div className="page">
      <header className="masthead" style={{ backgroundColor: bank.colour }}>
        <div className="masthead-inner">
          <div className="brand">
            <span aria-hidden="true" className="brand-mark">
              {bank.name.charAt(0)}
            </span>
            {/* Not a heading: the page's one h1 is the panel's title; the bank's name is branding. */}
            <div>
              <span className="brand-name">{bank.name}</span>
              <span className="brand-line">Secure online banking · {bank.bic}</span>
            </div>
          </div>
          <span className="sandbox-tag">Sandbox</span>
        </div>
      </header>
      <p className="notice">This is a simulated bank for testing. No real accounts or money are involved.</p>
      <main className="content">{children}</main>
    </div>
  );
}

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="panel">
      <h1>{title}</h1>
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
  return (
    <button
      type="submit"
      name={name}
      value={value}
      style={tone === "primary" ? { backgroundColor: colour, borderColor: colour } : undefined}
      className={tone === "primary" ? "button button-primary" : "button button-secondary"}
    >
      {children}
    </button>
  );
}
