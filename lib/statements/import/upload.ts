// An uploaded statement file between the web process that receives it and the worker that imports
// it: its bytes in statement_file_chunks (1 MiB each, in order), written as they arrive and read back
// one chunk at a time, so neither side ever holds a large file whole. The worker counts the bytes it
// has read into the import's bytes_processed, the progress bar's measure.
import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { pool } from "@/lib/db/client";
import { importSql } from "./lifecycle";

export const CHUNK_BYTES = 2 ** 20;
/** The first bytes kept in memory while receiving: enough to tell the format and read a CSV's header and first rows. */
export const HEAD_BYTES = 256 * 1024;

export type ReceivedUpload = { uploadId: string; bytes: number; sha256: string; head: Uint8Array };

/**
 * Receives a file into chunks under a new upload id; answers its size, SHA-256 and first bytes.
 * `stream` feeds the file's chunks in order to the sink and answers the byte count (the route's
 * streamUpload over the request's body); what it throws leaves nothing kept.
 */
export async function receiveUpload(
  stream: (sink: (chunk: Uint8Array) => Promise<void>) => Promise<number>,
): Promise<ReceivedUpload> {
  const uploadId = randomUUID();
  const hash = createHash("sha256");
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let head = Buffer.alloc(0);
  const flush = async () => {
    if (pendingBytes === 0) return;
    const data = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    await pool().query("INSERT INTO statement_file_chunks (upload_id, seq, data) VALUES ($1, $2, $3)", [
      uploadId,
      seq++,
      data,
    ]);
  };
  try {
    const bytes = await stream(async (chunk) => {
      hash.update(chunk);
      if (head.byteLength < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.byteLength)]);
      pending.push(Buffer.from(chunk));
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    });
    await flush();
    return { uploadId, bytes, sha256: hash.digest("hex"), head: new Uint8Array(head) };
  } catch (error) {
    await discardUpload(uploadId);
    throw error;
  }
}

/**
 * Deletes an upload's bytes (once imported, refused, or a duplicate of an earlier import), unless an
 * import still to be finished holds them: a worker whose attempt was restarted away from leaves them
 * to the attempt that reads them now.
 */
export async function discardUpload(uploadId: string): Promise<void> {
  await pool().query(
    `DELETE FROM statement_file_chunks WHERE upload_id = $1
        AND NOT EXISTS (SELECT 1 FROM statement_imports i WHERE i.upload_id = $1 AND ${importSql.inFlight("i")})`,
    [uploadId],
  );
}

/** The whole file, for what must hold it (a small camt.053's schema check, MT940 and CSV). */
export async function uploadBytes(uploadId: string): Promise<Uint8Array> {
  const { rows } = await pool().query<{ data: Buffer }>(
    "SELECT data FROM statement_file_chunks WHERE upload_id = $1 ORDER BY seq",
    [uploadId],
  );
  return new Uint8Array(Buffer.concat(rows.map((r) => r.data)));
}

/** The file's chunks in order, read one at a time; `read` is told each chunk's size (the import's progress). */
export async function* uploadChunks(
  uploadId: string,
  read: (bytes: number) => Promise<unknown>,
): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq += 1) {
    const { rows } = await pool().query<{ data: Buffer }>(
      "SELECT data FROM statement_file_chunks WHERE upload_id = $1 AND seq = $2",
      [uploadId, seq],
    );
    if (rows.length === 0) return;
    yield new Uint8Array(rows[0].data);
    await read(rows[0].data.byteLength);
  }
}

/** Retention: uploads no import holds any more (a duplicate, a refusal, a crash mid-upload), after an hour. */
export async function purgeOrphanUploads(): Promise<number> {
  const { rowCount } = await pool().query(
    `DELETE FROM statement_file_chunks c
      WHERE c.created_at < now() - interval '1 hour'
        AND NOT EXISTS (SELECT 1 FROM statement_imports i WHERE i.upload_id = c.upload_id AND ${importSql.inFlight("i")})`,
  );
  return rowCount ?? 0;
}
