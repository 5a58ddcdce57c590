// PUT /api/accounttracking/v1/counterparts/{counterpartId}/company — a person with counterparts.write.
//     {country, number, lei?, name}: the counterpart is this registry company. One verb, one
//     transaction: the scope's client for that country and number is found or created (type company),
//     and the counterpart is bound to it as PUT …/entity binds; a malformed number is 422. Unbinding
//     is DELETE …/entity.
import { counterpartChange } from "@/lib/api/counterpart-change";
import { methods } from "@/lib/api/route";
import { bindCompany } from "@/lib/counterparts/bind-company";
import { CompanyBody } from "@/lib/counterparts/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  PUT: counterpartChange(
    "bindCounterpartCompany",
    "Bind the counterpart to a registry company (its client found or created)",
    CompanyBody,
    (change) => bindCompany({ ...change, company: change.body }),
  ),
});
