// The route template of a request path, from the path parameters Next matched: each parameter's
// segment becomes `{name}` (a catch-all's segments become `{...name}`), so metric labels and span
// names carry `/api/accounttracking/v1/accounts/{id}`, never an id. Static segments come from the
// route files, so the set of templates is bounded by the app's routes.
export type PathParams = Record<string, string | string[] | undefined>;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Not valid percent-encoding: compared as sent.
    return segment;
  }
}

export function routeTemplate(pathname: string, params: PathParams): string {
  const segments = pathname.split("/");
  const values = segments.map(decoded);
  let from = 1;
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      // A catch-all takes the rest of the path.
      const at = values.findIndex((v, i) => i >= from && v === value[0]);
      if (at < 0) continue;
      segments.splice(at, segments.length - at, `{...${name}}`);
      values.splice(at, values.length - at, `{...${name}}`);
      from = at + 1;
      continue;
    }
    const at = values.findIndex((v, i) => i >= from && v === value);
    if (at < 0) continue;
    segments[at] = values[at] = `{${name}}`;
    from = at + 1;
  }
  return segments.join("/");
}
