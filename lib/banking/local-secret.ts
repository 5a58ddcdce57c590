// A secret kept in a file under DATA_DIR, created on first use: the local fakes' credentials, so the
// app and a separate worker process use the same one. Created with "wx" (two processes starting
// together keep whichever was written first) and mode 0600.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The file's content, after writing `make()` to it when it did not exist yet. */
export function readOrCreateFile(file: string, make: () => string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, make(), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8");
}
