// One operation of the document: method, path, summary, parameters, request body, responses.
import { InlineMarkdown } from "@/components/docs/markdown";
import { MethodBadge } from "@/components/docs/method-badge";
import { stackLabels } from "@/components/ui/table";
import { SchemaView, typeLabel } from "@/components/docs/schema-view";
import type { JsonSchema } from "@/lib/openapi/json-schema";

export type DocOperation = { method: string; path: string; op: JsonSchema };
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };
type Components = { parameters?: Record<string, Parameter> };

const jsonSchemaOf = (content: unknown): JsonSchema | null =>
  (content as Record<string, { schema?: JsonSchema }> | undefined)?.["application/json"]?.schema ?? null;
const text = (value: unknown): string => (typeof value === "string" ? value : "");

function resolve(param: JsonSchema, components: Components): Parameter {
  const ref = typeof param.$ref === "string" ? param.$ref.split("/").at(-1) : undefined;
  return ref ? (components.parameters?.[ref] as Parameter) : (param as unknown as Parameter);
}

export function OperationCard({ entry, components }: { entry: DocOperation; components: Components }) {
  const { method, path, op } = entry;
  const params = ((op.parameters as JsonSchema[] | undefined) ?? []).map((p) => resolve(p, components));
  const body = jsonSchemaOf((op.requestBody as JsonSchema | undefined)?.content);
  const responses = Object.entries((op.responses as Record<string, JsonSchema>) ?? {});
  const success = responses.filter(([status]) => Number(status) < 400);
  const errors = responses.filter(([status]) => Number(status) >= 400);
  return (
    <details
      id={text(op.operationId)}
      data-testid="operation"
      className="rounded-lg border border-slate-200 bg-white open:shadow-sm"
    >
      <summary className="flex cursor-pointer flex-wrap items-center gap-3 px-4 py-3">
        <MethodBadge method={method} />
        <code className="min-w-0 break-all font-mono text-sm text-slate-900" data-testid="operation-path">
          <span className="sr-only">{method.toUpperCase()} </span>
          {path}
        </code>
        <span className="text-sm text-slate-600">{text(op.summary)}</span>
      </summary>
      <div className="space-y-4 border-t border-slate-100 px-4 py-4 text-sm">
        {op.description ? (
          <p className="text-slate-700">
            <InlineMarkdown text={text(op.description)} />
          </p>
        ) : null}
        {params.length ? (
          <section>
            <h3 className="font-semibold text-slate-900">Parameters</h3>
            <table className="ll-stack mt-1 w-full text-left" style={stackLabels(["", "in", "type", ""])}>
              <thead className="text-xs text-slate-500">
                <tr>
                  <th className="py-1">name</th>
                  <th>in</th>
                  <th>type</th>
                  <th>notes</th>
                </tr>
              </thead>
              <tbody>
                {params.map((p) => (
                  <tr key={`${p.in}:${p.name}`} className="border-t border-slate-100 align-top">
                    <td className="py-1 font-mono">
                      {p.name}
                      {p.required ? <span className="ml-1 text-rose-600">*</span> : null}
                    </td>
                    <td className="text-slate-600">{p.in}</td>
                    <td className="font-mono text-xs text-indigo-700">{p.schema ? typeLabel(p.schema) : ""}</td>
                    <td className="text-xs text-slate-600">{p.description ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null}
        {body ? (
          <section>
            <h3 className="font-semibold text-slate-900">
              Request body <span className="font-normal text-slate-500">application/json</span>
            </h3>
            <SchemaView schema={body} />
          </section>
        ) : null}
        <section>
          <h3 className="font-semibold text-slate-900">Responses</h3>
          {success.map(([status, response]) => {
            const schema = jsonSchemaOf(response.content);
            return (
              <div key={status} className="mt-2">
                <p>
                  <span className="font-mono font-semibold text-emerald-700">{status}</span>{" "}
                  <InlineMarkdown text={text(response.description)} />
                </p>
                {schema ? <SchemaView schema={schema} /> : <p className="text-xs text-slate-500">No body.</p>}
              </div>
            );
          })}
          <ul className="mt-3 space-y-1" aria-label="Errors">
            {errors.map(([status, response]) => (
              <li key={status}>
                <span className="font-mono font-semibold text-rose-700">{status}</span>{" "}
                <span className="text-slate-700">
                  <InlineMarkdown text={text(response.description)} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </details>
  );
}
