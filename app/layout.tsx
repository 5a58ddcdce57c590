import type { Metadata } from "next";
import { AppProviders } from "@/components/shell/app-providers";
import "./globals.css";

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
