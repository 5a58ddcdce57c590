// uniqueViolationTarget on a real unique violation through Prisma's pg adapter (the unit tests in
// errors.test.ts build the same shape by hand).
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { uniqueViolationTarget } from "@/lib/db/errors";

it("names the unique index a second user with the same email broke", async () => {
  const email = `unique-${randomUUID()}@example.test`;
  await prisma().user.create({ data: { email, name: "First", passwordHash: "x" } });
  const caught = await prisma()
    .user.create({ data: { email, name: "Second", passwordHash: "x" } })
    .then(
      () => null,
      (error: unknown) => error,
    );
  expect(uniqueViolationTarget(caught)).toBe("users_email_key");
});
