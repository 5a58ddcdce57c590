// How a change reads, to the eye and to a screen reader: each field once, the old value struck
// through and the new one inserted, with words instead of the arrow.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Change } from "@/components/settings/audit-event";

const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("an audit event's change", () => {
  it("shows each changed field as before → after, in words for screen readers", () => {
    const html = renderToStaticMarkup(createElement(Change, { before: { alias: null }, after: { alias: "Landlord" } }));
    expect(html).toContain("<del");
    expect(html).toContain("<ins");
    expect(text(html)).toBe("alias:was — → , now Landlord");
  });

  it("shows a creation's fields and a deletion's fields without an arrow", () => {
    const created = renderToStaticMarkup(
      createElement(Change, { before: null, after: { memberIds: ["a", "b"], isDefault: true } }),
    );
    expect(text(created)).toBe("memberIds:a, bisDefault:yes");
    const deleted = renderToStaticMarkup(createElement(Change, { before: { role: "viewer" }, after: null }));
    expect(text(deleted)).toBe("role:was viewer");
  });
});
