// bind-company, the verb: a counterpart is this registry company. In one transaction it finds the
// scope's client for the company's country and number, or creates it (type company, from the
// record the person chose), and binds the counterpart to it through the entity binding: the audit
// trail gets the client's creation, when there was one, and the binding. Two people binding two
// counterparts to the same new company at once get one client: the pair (country, number) is locked
// for the transaction, and a unique index is the last guard.
import "server-only";
import { validationFailed } from "@/lib/errors";
import { actorUserId } from "@/lib/audit/actor";
import { createClient } from "@/lib/clients/clients";
import type { Tx } from "@/lib/db/client";
import { execute } from "@/lib/db/sql";
import { inside, transaction } from "@/lib/db/transaction";
import { checkRegistrationNumber } from "@/lib/datasets/registration-number";
import { bindEntity, type CounterpartEdit } from "@/lib/counterparts/edit";

export type CompanyChoice = { country: string; number: string; lei?: string | null; name: string };

async function companyClient(tx: Tx, scopeId: string, company: CompanyChoice, edit: CounterpartEdit) {
  const checked = checkRegistrationNumber(company.country, company.number);
  if (!checked.ok) throw validationFailed({ number: [checked.message] });
  const number = checked.number;
  await execute(
    tx,
    "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))",
    ["clients", scopeId, company.country, number].join("\u001f"),
  );
  const existing = await tx.client.findFirst({
    where: { scopeId, countryCode: company.country, registrationNumber: number },
    select: { id: true, lei: true },
  });
  if (existing) {
    // A record read later may know the LEI the first one did not; it is never taken away.
    if (!existing.lei && company.lei)
      await tx.client.update({ where: { id: existing.id }, data: { lei: company.lei } });
    return existing.id;
  }
  const created = await createClient({
    scopeId,
    createdById: actorUserId(edit.actor),
    type: "company",
    displayName: company.name,
    countryCode: company.country,
    registrationNumber: number,
    lei: company.lei ?? null,
    actor: edit.actor,
    commit: inside(tx),
  });
  return created.id;
}

export function bindCompany({ company, commit = transaction, ...edit }: CounterpartEdit & { company: CompanyChoice }) {
  return commit(async (tx) => {
    const clientId = await companyClient(tx, edit.counterpart.scopeId, company, edit);
    return bindEntity({ ...edit, entity: { entityType: "client", entityId: clientId }, commit: inside(tx) });
  });
}
