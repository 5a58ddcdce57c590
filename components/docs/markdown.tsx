// The small part of Markdown the API document's descriptions use: paragraphs, "- " lists, **bold**,
// `code` and [links](https://…). Rendered as React elements (so anything else in the text is text,
// escaped), never as HTML from a string. Links go only to http(s) or to this site.
import { Fragment, type ReactNode } from "react";

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/g;

function safeHref(href: string): string | null {
  return /^(https?:\/\/|\/|#)/.test(href) ? href : null;
}

export function InlineMarkdown({ text }: { text: string }) {
  const parts = text.split(INLINE).filter((p) => p !== "");
  return (
    <>
      {parts.map((part, i) => {
        if (part.startsWith("**") && part.endsWith("**")) return <strong key={i}>{part.slice(2, -2)}</strong>;
        if (part.startsWith("`") && part.endsWith("`")) return <code key={i}>{part.slice(1, -1)}</code>;
        const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
        if (link) {
          const href = safeHref(link[2]);
          return href ? (
            <a key={i} href={href}>
              {link[1]}
            </a>
          ) : (
            <Fragment key={i}>{link[1]}</Fragment>
          );
        }
        return <Fragment key={i}>{part}</Fragment>;
      })}
    </>
  );
}

/** Blocks separated by a blank line: a list when every line starts with "- ", else a paragraph. */
export function Markdown({ text, className }: { text: string; className?: string }): ReactNode {
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  const body = blocks.map((block, i) => {
    const lines = block.split("\n");
    if (lines.every((l) => l.startsWith("- ")))
      return (
        <ul key={i}>
          {lines.map((l, j) => (
            <li key={j}>
              <InlineMarkdown text={l.slice(2)} />
            </li>
          ))}
        </ul>
      );
    return (
      <p key={i}>
        <InlineMarkdown text={lines.join(" ")} />
      </p>
    );
  });
  return className ? <div className={className}>{body}</div> : <>{body}</>;
}
