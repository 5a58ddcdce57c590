// Actors for tests that call domain verbs directly (the routes make theirs from the principal).
import { auditActor, systemActor, type AuditActor } from "@/lib/audit/actor";

/** The person, in their browser session: what a test's direct call stands for. */
export const personActor = (userId: string, requestId = "test"): AuditActor =>
  auditActor({ kind: "user", userId, via: "session", tokenId: null }, requestId);

/** Set-up no person made (fixtures, seeded rows). */
export const TEST_ACTOR: AuditActor = systemActor("test-fixture");
