// The API document's descriptions are Markdown (OpenAPI says CommonMark); /docs shows them as text
// with emphasis and code, never the raw ** and back-ticks.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "@/components/docs/markdown";
import { INTRODUCTION } from "@/lib/openapi/components";

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

describe("Markdown", () => {
  it("renders the API introduction as paragraphs with bold and code, no raw markers", () => {
    const out = html(INTRODUCTION);
    expect(out).toContain("<strong>Limits and hostile input.</strong>");
    expect(out).toContain("<code>payload_too_large</code>");
    expect((out.match(/<p>/g) ?? []).length).toBeGreaterThanOrEqual(4);
    expect(out).not.toMatch(/\*\*|`/);
  });

  it("renders links and lists, and escapes what is not Markdown", () => {
    const out = html("See [the spec](https://spec.openapis.org/oas/3.1).\n\n- one `a`\n- two <b>");
    expect(out).toContain('<a href="https://spec.openapis.org/oas/3.1">the spec</a>');
    expect(out).toContain("<ul><li>one <code>a</code></li><li>two &lt;b&gt;</li></ul>");
  });

  it("never links to a javascript: URL", () => {
    expect(html("[x](javascript:alert(1))")).not.toContain("href");
  });
});
