// The sandbox bank's operator secret for the e2e server (playwright.config.ts passes it to
// scripts/start.ts); specs send it in X-Sandbox-Control to use the bank's controls.
export const E2E_SANDBOX_CONTROL_SECRET = process.env.E2E_SANDBOX_CONTROL_SECRET ?? "e2e-sandbox-control-secret";
export const controlHeaders = { "x-sandbox-control": E2E_SANDBOX_CONTROL_SECRET };
