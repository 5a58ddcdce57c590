import type { Metadata } from "next";
import { AppProviders } from "@/components/shell/app-providers";
import "./globals.css";

// Every page is rendered per request: the server hands Next a fresh CSP nonce for each one
// (lib/server/security-headers.ts), which only a dynamic render can put on its scripts.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Ledgerlink", description: "Bank accounts and company data, in one place" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <AppProviders>{children}</AppProviders>
      </body>
    </html>
  );
}
