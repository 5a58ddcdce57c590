// The integration a consent belongs to, or a 422 that names the ones this server has.
import { validationFailed } from "@/lib/errors";
import type { BankIntegration } from "@/lib/banking/interface";
import { integrationFor, integrationNames } from "@/lib/banking/registry";

export function integrationOrFail(name: string): BankIntegration {
  const integration = integrationFor(name);
  if (!integration) {
    const known = integrationNames();
    throw validationFailed({
      integrationName: [
        known.length
          ? `Unknown integration; use one of: ${known.join(", ")}`
          : "No bank integration is enabled on this server",
      ],
    });
  }
  return integration;
}
