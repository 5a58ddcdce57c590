// Public API reference, rendered on the server from the OpenAPI document.
import type { Metadata } from "next";
import { ApiReference } from "@/components/docs/api-reference";
import { openApiDocument } from "@/lib/openapi/document";

export const metadata: Metadata = { title: "API reference · Ledgerlink" };

export default function DocsPage() {
  return <ApiReference doc={openApiDocument()} />;
}
