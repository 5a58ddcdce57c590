// Shared by the /api/clients/v1 integration tests: response shapes and a fresh client body.
import { randomUUID } from "node:crypto";
import { prisma } from "@/lib/db/client";

export type Body = { data: { id: string; displayName: string; countryCode: string }; meta: { requestId: string } };
export type ErrorBody = {
  error: { code: string; message: string; details?: Record<string, string[]> };
  meta: { requestId: string };
};

export const newClient = (name = `Client ${randomUUID()}`) => ({
  type: "company",
  displayName: name,
  countryCode: "BE",
});
export const countClients = (scopeId: string) => prisma().client.count({ where: { scopeId } });
