// MT940 text → its tagged fields, each with the line it starts on: the SWIFT envelope ({1:}{2:}
// {3:}{4: … -}{5:}), SOH/ETX framing and Rabobank's `:940:` first line are dropped; a field's
// continuation lines are kept as lines (the caller decides how to join them). A line `-` ends a
// message only when a new field, message or the end follows: ING wraps `MND-EV01` so that the
// `-` stands alone on a line of :86:.

export type Mt940Field = { tag: string; lines: string[]; line: number };
export type Mt940Message = { fields: Mt940Field[]; line: number };

const TAG = /^:(\d{2}[A-Z]?):(.*)$/;
const ENVELOPE_HEAD = /^(?:\{[1-3]:(?:\{[^{}]*\}|[^{}])*\})*(?:\{4:)?/;

/** Text lines with envelope and framing removed; null where a message ended. */
function contentLines(text: string): { text: string | null; line: number }[] {
  // SOH and ETX frame each message in some banks' files.
  const raw = text.replaceAll("\u0001", "").replaceAll("\u0003", "").split(/\r?\n/);
  const out: { text: string | null; line: number }[] = [];
  raw.forEach((original, i) => {
    let line = original;
    if (line.startsWith("-}") || line === "}") {
      out.push({ text: null, line: i + 1 });
      return;
    }
    if (line.startsWith("{")) line = line.replace(ENVELOPE_HEAD, "");
    if (line.trim() === "" || /^:940:\s*$/.test(line)) return;
    out.push({ text: line, line: i + 1 });
  });
  return out;
}

export function mt940Messages(text: string): Mt940Message[] {
  const lines = contentLines(text);
  const messages: Mt940Message[] = [];
  let current: Mt940Message | null = null;
  let field: Mt940Field | null = null;
  const close = () => {
    if (current?.fields.length) messages.push(current);
    current = null;
    field = null;
  };
  lines.forEach((entry, i) => {
    if (entry.text === null) return close();
    if (entry.text === "-") {
      const next = lines[i + 1];
      if (!next || next.text === null || next.text.startsWith(":20:")) return close();
    }
    const tagged = TAG.exec(entry.text);
    if (tagged) {
      if (tagged[1] === "20") close();
      current ??= { fields: [], line: entry.line };
      field = { tag: tagged[1] ?? "", lines: [tagged[2] ?? ""], line: entry.line };
      current.fields.push(field);
    } else if (field) {
      field.lines.push(entry.text);
    } else {
      current ??= { fields: [], line: entry.line };
      current.fields.push({ tag: "?", lines: [entry.text], line: entry.line });
    }
  });
  close();
  return messages;
}
