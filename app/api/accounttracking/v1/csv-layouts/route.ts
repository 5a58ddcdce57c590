// GET  /api/accounttracking/v1/csv-layouts — scoped; accounts.read. The CSV layouts the scope
//      remembers, by name.
// POST /api/accounttracking/v1/csv-layouts — a person with accounts.setup: {layout, header} → 201
//      (200 when it replaced the layout saved for the same header). A statement CSV with this header
//      is then read with it, without asking again.
import { z } from "zod";
import { methods, route, scoped } from "@/lib/api/route";
import { CsvLayout } from "@/lib/statements/csv-layout";
import { listLayouts, saveLayout } from "@/lib/statements/import/csv-layouts";
import { SavedCsvLayoutSchema } from "@/lib/openapi/schemas/statements";

const SaveLayoutBody = z.strictObject({
  layout: CsvLayout,
  header: z
    .array(z.string().max(200, "a header cell is at most 200 characters"), {
      message: "header is the file's first row, or null",
    })
    .max(256, "at most 256 columns")
    .nullable(),
});

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("listCsvLayouts", "The CSV layouts this scope remembers", {
    ...scoped("any", "accounts.read"),
    responses: { 200: z.array(SavedCsvLayoutSchema) },
    handler: async ({ scope }) => ({ data: await listLayouts(scope.scopeId) }),
  }),
  POST: route("createCsvLayout", "Remember a bank's CSV layout for its header", {
    ...scoped("user", "accounts.setup"),
    body: SaveLayoutBody,
    responses: { 201: SavedCsvLayoutSchema, 200: SavedCsvLayoutSchema },
    handler: ({ scope, body, actor, answer }) =>
      answer(saveLayout, { scopeId: scope.scopeId, layout: body.layout, header: body.header, actor }, (r) => ({
        status: r.created ? 201 : 200,
        data: r.saved,
      })),
  }),
});
