"use client";
// The account's past statement imports, newest first: the file and its format, when, the span of
// its entries, and how it ended (its counts, or the reason it was refused).
import { spanText } from "@/components/accounts/statement-import-progress";
import { countsSentence, FORMAT_NAMES, importHeadline } from "@/components/accounts/statement-outcome";
import { Badge, EmptyState } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import { QueryStates } from "@/components/ui/query-states";
import { Table, Td } from "@/components/ui/table";
import { useStatementImports, type StatementImport } from "@/lib/client/statements";

const TONES = { queued: "indigo", running: "indigo", succeeded: "green", failed: "red" } as const;

function Outcome({ i }: { i: StatementImport }) {
  if (i.state === "succeeded")
    return (
      <>
        <span className="block">{countsSentence(i.counts)}</span>
        {spanText(i) && <span className="block text-xs text-slate-500">{spanText(i)}</span>}
      </>
    );
  if (i.state === "failed") return <span className="block text-red-800">{i.error ?? "Failed without a reason."}</span>;
  return <span className="text-slate-500">In progress</span>;
}

export function StatementImportList({ accountId }: { accountId: string }) {
  const imports = useStatementImports(accountId);
  return (
    <div className="border-t border-slate-100">
      <h3 className="px-4 pt-4 text-sm font-semibold text-slate-900 sm:px-5">Past imports</h3>
      <QueryStates
        query={imports}
        loading="Loading past imports"
        rows={2}
        empty={<EmptyState title="No statement imported yet">Imported files are listed here.</EmptyState>}
      >
        {(list) => (
          <Table caption="Past imports" head={["File", "Imported", "Outcome"]}>
            {list.map((i) => (
              <tr key={i.id} data-import-id={i.id}>
                <Td className="whitespace-normal!">
                  <span className="block break-all text-slate-900">{i.fileName ?? "Unnamed file"}</span>
                  <span className="text-xs text-slate-500">{FORMAT_NAMES[i.format]}</span>
                </Td>
                <Td>
                  <span className="block">{formatDateTime(i.createdAt)}</span>
                  <Badge tone={TONES[i.state]}>{importHeadline(i.state)}</Badge>
                </Td>
                <Td className="min-w-64 whitespace-normal! break-words">
                  <Outcome i={i} />
                </Td>
              </tr>
            ))}
          </Table>
        )}
      </QueryStates>
    </div>
  );
}
