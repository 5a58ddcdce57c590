// POST /api/accounttracking/v1/accounts/{id}/statements/preview — scoped; accounts.read. The body is
// the first part of a statement file (at most 1 MiB; only the first 256 KiB are read). 200 with its
// format and, for a CSV, what the column mapper starts from: the header and first rows, the layout
// guessed for it, and the layout this scope saved for the same header. Nothing is stored.
import { ACCOUNT_READ } from "@/lib/api/records";
import { methods, route } from "@/lib/api/route";
import { streamUpload } from "@/lib/api/upload";
import { previewStatement } from "@/lib/statements/import/csv-layouts";
import { HEAD_BYTES } from "@/lib/statements/import/upload";
import { StatementPreviewSchema } from "@/lib/openapi/schemas/statements";

const PREVIEW_MAX_BYTES = 2 ** 20;

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  POST: route("previewStatement", "Tell a statement file's format, and propose a CSV's layout", {
    ...ACCOUNT_READ,
    upload: {
      mediaTypes: ["application/xml", "text/xml", "text/plain", "text/csv", "application/octet-stream"],
      maxBytes: PREVIEW_MAX_BYTES,
      description: "The file's first part (its first 256 KiB are enough).",
    },
    responses: { 200: StatementPreviewSchema },
    errors: ["validation_failed", "payload_too_large"],
    handler: async ({ request, scope }) => {
      let head = Buffer.alloc(0);
      await streamUpload(request, PREVIEW_MAX_BYTES, (chunk) => {
        if (head.byteLength < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.byteLength)]);
        return Promise.resolve();
      });
      return { data: await previewStatement(scope.scopeId, new Uint8Array(head)) };
    },
  }),
});
