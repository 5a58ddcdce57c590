// Prisma's known request errors, recognised by their name and code rather than by instanceof: the
// client may have been created by another module graph (the Next bundle or the tsx-loaded worker),
// whose copy of Prisma's error classes differs from ours.

/** The Prisma error code (e.g. "P2002" unique violation, "P2025" not found), or null. */
export function prismaErrorCode(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const e = error as { name?: unknown; code?: unknown };
  if (e.name !== "PrismaClientKnownRequestError" || typeof e.code !== "string") return null;
  return e.code;
}
