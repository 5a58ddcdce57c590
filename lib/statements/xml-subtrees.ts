// A streaming XML reader that hands out small subtrees: the caller says which elements to keep
// whole (a camt.053 `Ntry`, `Bal`, `Acct`), and each is yielded as a little tree once its end tag
// is read, then dropped. Everything above them arrives as open/close events. Memory is bounded by
// the largest kept subtree and one input chunk, not by the file. Parsing is saxes (well-formedness,
// namespaces, positions); text is UTF-8 decoded as it streams (ISO 20022 files are UTF-8).

import { SaxesParser } from "saxes";
import { StatementFileError } from "./errors";

export type XmlNode = {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlNode[];
  line: number;
  column: number;
};

export type XmlEvent =
  | { kind: "open"; name: string; uri: string; depth: number; line: number; column: number }
  | { kind: "close"; name: string; depth: number }
  | { kind: "subtree"; node: XmlNode; depth: number };

/** Bytes or text in chunks: a Node Readable, a web ReadableStream, any async iterable. */
export type ByteChunks = AsyncIterable<Uint8Array | string> | ReadableStream<Uint8Array>;

/** A web ReadableStream read through its reader (the DOM typings give it no async iterator). */
export async function* chunksOf(input: ByteChunks): AsyncGenerator<Uint8Array | string> {
  if (Symbol.asyncIterator in input) {
    yield* input as AsyncIterable<Uint8Array | string>;
    return;
  }
  const reader = input.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
  } finally {
    reader.releaseLock();
  }
}

/** `ancestors` are the local names from the root down to the element's parent. */
export type KeepSubtree = (ancestors: readonly string[], name: string) => boolean;

export async function* xmlEvents(input: ByteChunks, keep: KeepSubtree): AsyncGenerator<XmlEvent> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const ancestors: string[] = [];
  const queue: XmlEvent[] = [];
  // The kept subtree under construction: its root first, the innermost open element last.
  const building: XmlNode[] = [];
  let failure: StatementFileError | null = null;

  parser.on("xmldecl", (decl) => {
    if (decl.encoding && !/^utf-?8$/i.test(decl.encoding)) {
      failure ??= new StatementFileError(`declares encoding ${decl.encoding}; camt.053 files are UTF-8`, { line: 1 });
    }
  });
  parser.on("opentag", (tag) => {
    const name = tag.local ?? tag.name;
    const position = { line: parser.line, column: parser.column };
    if (building.length || keep(ancestors, name)) {
      const attributes: Record<string, string> = {};
      for (const attribute of Object.values(tag.attributes)) {
        if (typeof attribute === "object") attributes[attribute.local] = attribute.value;
      }
      const node: XmlNode = { name, attributes, text: "", children: [], ...position };
      building.at(-1)?.children.push(node);
      building.push(node);
    } else {
      queue.push({ kind: "open", name, uri: tag.uri ?? "", depth: ancestors.length, ...position });
    }
    ancestors.push(name);
  });
  parser.on("text", (text) => {
    const node = building.at(-1);
    if (node) node.text += text;
  });
  parser.on("cdata", (text) => {
    const node = building.at(-1);
    if (node) node.text += text;
  });
  parser.on("closetag", () => {
    const name = ancestors.pop() ?? "";
    if (building.length) {
      const node = building.pop();
      if (node && building.length === 0) queue.push({ kind: "subtree", node, depth: ancestors.length });
    } else {
      queue.push({ kind: "close", name, depth: ancestors.length });
    }
  });
  parser.on("error", (error) => {
    // saxes prefixes its message with the position; ours goes in front once, in our words.
    const reason = error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, "");
    failure ??= new StatementFileError(`is not well-formed XML: ${reason}`, {
      line: parser.line,
      column: parser.column,
    });
  });

  const feed = function* (text: string | null): Generator<XmlEvent> {
    if (text === null) parser.close();
    else parser.write(text);
    if (failure) throw failure;
    yield* queue;
    queue.length = 0;
  };

  for await (const chunk of chunksOf(input)) {
    let text: string;
    try {
      text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    } catch (cause) {
      throw new StatementFileError("is not UTF-8 text", { line: parser.line }, { cause });
    }
    yield* feed(text);
  }
  yield* feed(decoder.decode());
  yield* feed(null);
}

/** The first child of that name. */
export function childOf(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children.find((c) => c.name === name);
}

export function childrenOf(node: XmlNode | undefined, name: string): XmlNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}

// The mappers ask the same few dozen paths of every entry: split each once.
const STEPS = new Map<string, string[]>();

/** The node at a slash path below `node` (first match at each step). */
export function nodeAt(node: XmlNode | undefined, path: string): XmlNode | undefined {
  let steps = STEPS.get(path);
  if (!steps) STEPS.set(path, (steps = path.split("/")));
  let current = node;
  for (const step of steps) {
    if (!current) return undefined;
    current = childOf(current, step);
  }
  return current;
}

/** The text at a slash path, whitespace runs collapsed (pretty-printers wrap long values), or null. */
export function textAt(node: XmlNode | undefined, path: string): string | null {
  const found = nodeAt(node, path);
  if (!found) return null;
  const text = found.text.replace(/\s+/g, " ").trim();
  return text === "" ? null : text;
}
