"use client";
// The account page's "Statements" section (issue 37): import a bank's statement file into the
// account. A file is chosen (or dropped) → its first bytes are previewed → a camt.053 or MT940 goes
// straight to Import; a CSV first through the column mapper ("Save layout and import") → the import
// runs on the server with a progress bar → its counts, or the server's reason for refusing the file.
// Past imports are listed under it. A section rather than a dialog: the mapper's table needs the
// page's width, and the section is reached by Tab and by scrolling on a phone like the rest.
import { useRef, useState, type DragEvent } from "react";
import { CsvColumnMapper } from "@/components/accounts/csv-column-mapper";
import { ManageAccountsReason } from "@/components/accounts/manage-reason";
import { StatementImportList } from "@/components/accounts/statement-import-list";
import { StatementImportProgress } from "@/components/accounts/statement-import-progress";
import { FORMAT_NAMES } from "@/components/accounts/statement-outcome";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { FormError } from "@/components/ui/field";
import { useFocusOn } from "@/components/ui/use-focus-on";
import { useCanManageAccounts, type Account } from "@/lib/client/accounts";
import { errorMessage, isApiCallError } from "@/lib/client/errors";
import {
  MAX_STATEMENT_BYTES,
  usePreviewStatement,
  useSaveCsvLayout,
  useUploadStatement,
  type StatementPreview,
  type Uploaded,
} from "@/lib/client/statements";
import type { CsvLayoutInput } from "@/lib/statements/csv-layout";

type Step =
  | { kind: "choose" }
  | { kind: "preview"; file: File; preview: StatementPreview }
  | { kind: "import"; file: File; uploaded: Uploaded };

const ACCEPT = ".xml,.csv,.txt,.sta,.940,.mt940,.stm,text/xml,application/xml,text/csv,text/plain";

/**
 * The server's reason, as it gave it: a refusal (422) carries its message and, in details, the
 * place in the file; the message and every detail not already in it are shown.
 */
export function refusalText(error: unknown): string {
  if (!isApiCallError(error) || error.status !== 422) return errorMessage(error);
  const details = Object.values(error.details ?? {}).flat();
  return [error.message, ...details.filter((d) => !error.message.includes(d))].join(" ");
}

const sizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} bytes`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(0)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function StatementsSection({ account }: { account: Account }) {
  const { allowed } = useCanManageAccounts();
  return (
    <Card>
      <CardHeader
        title="Statements"
        description="Import a statement file from your bank (camt.053, MT940 or CSV). Entries the bank already sent are matched, never doubled."
      />
      {allowed ? (
        <StatementImporter account={account} />
      ) : (
        <ManageAccountsReason className="px-4 py-3 text-sm text-slate-600 sm:px-5" />
      )}
      <StatementImportList accountId={account.id} />
    </Card>
  );
}

function StatementImporter({ account }: { account: Account }) {
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const preview = usePreviewStatement(account.id);
  const saveLayout = useSaveCsvLayout();
  const upload = useUploadStatement(account.id);
  const controls = useRef<HTMLDivElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);
  useFocusOn(importButton, step.kind === "preview" && step.preview.format !== "csv" ? step.file.name : null);

  const restart = () => {
    preview.reset();
    saveLayout.reset();
    upload.reset();
    setTooLarge(null);
    setStep({ kind: "choose" });
  };
  const pick = (file: File | undefined) => {
    if (!file) return;
    restart();
    if (file.size > MAX_STATEMENT_BYTES) {
      setTooLarge(`${file.name} is ${sizeText(file.size)}; a statement file can be at most 256 MB.`);
      return;
    }
    preview.mutate(file, { onSuccess: (p) => setStep({ kind: "preview", file, preview: p }) });
  };
  const send = (file: File, format: StatementPreview["format"], layoutId: string | null) =>
    upload.mutate(
      { file, fileName: file.name, format, layoutId },
      { onSuccess: (uploaded) => setStep({ kind: "import", file, uploaded }) },
    );
  const saveAndSend = (file: File, layout: CsvLayoutInput, header: string[] | null) =>
    saveLayout.mutate({ layout, header }, { onSuccess: (saved) => send(file, "csv", saved.id) });

  const failure = saveLayout.error ?? upload.error;
  return (
    <div ref={controls} className="space-y-4 px-4 py-4 sm:px-5">
      {step.kind === "choose" && (
        <>
          <FilePicker onFile={pick} pending={preview.isPending} />
          <FormError message={tooLarge ?? (preview.error ? refusalText(preview.error) : null)} />
        </>
      )}
      {step.kind === "preview" && step.preview.csv && (
        <CsvColumnMapper
          csv={step.preview.csv}
          currency={account.currency}
          pending={saveLayout.isPending || upload.isPending}
          error={failure ? refusalText(failure) : null}
          onSubmit={(layout, header) => saveAndSend(step.file, layout, header)}
          onCancel={restart}
        />
      )}
      {step.kind === "preview" && !step.preview.csv && (
        <div className="space-y-3">
          <p className="text-sm text-slate-800">
            A {FORMAT_NAMES[step.preview.format]} statement:{" "}
            <span className="break-all font-medium">{step.file.name}</span> ({sizeText(step.file.size)}).
          </p>
          <FormError message={upload.error ? refusalText(upload.error) : null} />
          <div className="flex flex-wrap gap-2">
            <Button
              ref={importButton}
              pending={upload.isPending}
              onClick={() => send(step.file, step.preview.format, null)}
            >
              Import
            </Button>
            <Button variant="ghost" onClick={restart}>
              Choose another file
            </Button>
          </div>
        </div>
      )}
      {step.kind === "import" && (
        <>
          <StatementImportProgress
            accountId={account.id}
            importId={step.uploaded.statementImport.id}
            already={step.uploaded.already}
            from={controls}
          />
          <Button variant="secondary" onClick={restart}>
            Import another file
          </Button>
        </>
      )}
    </div>
  );
}

/** A file input (keyboard and phone: the system's picker) inside a zone a file can be dropped on. */
function FilePicker({ onFile, pending }: { onFile: (file: File | undefined) => void; pending: boolean }) {
  const [over, setOver] = useState(false);
  const drag = (event: DragEvent, isOver: boolean) => {
    event.preventDefault();
    setOver(isOver);
  };
  return (
    <div
      onDragOver={(e) => drag(e, true)}
      onDragLeave={(e) => drag(e, false)}
      onDrop={(e) => {
        drag(e, false);
        onFile(e.dataTransfer.files[0]);
      }}
      className={cx(
        "rounded-lg border-2 border-dashed px-4 py-6 text-center",
        over ? "border-indigo-500 bg-indigo-50" : "border-slate-300",
      )}
    >
      <label htmlFor="statement-file" className="block text-sm font-medium text-slate-800">
        Statement file
      </label>
      <input
        id="statement-file"
        type="file"
        accept={ACCEPT}
        aria-describedby="statement-file-hint"
        aria-busy={pending || undefined}
        className="mx-auto mt-2 block max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-600 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-indigo-700"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          // The same file chosen again (after "Choose another file") fires a change again.
          e.target.value = "";
        }}
      />
      <p id="statement-file-hint" className="mt-2 text-xs text-slate-600">
        {pending ? "Reading the file…" : "Choose a file, or drop it here. camt.053 (XML), MT940 or CSV, up to 256 MB."}
      </p>
    </div>
  );
}
