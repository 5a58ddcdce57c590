// The banks beside the app the current test runs against (its project's baseURL), on their own origin.
import { test } from "@playwright/test";
import { banksUrlFor, E2E_PORT } from "./topology";

/** The banks' origin for this test's app server. */
export function banksUrl(): string {
  const base = test.info().project.use.baseURL ?? `http://localhost:${E2E_PORT}`;
  return banksUrlFor(Number(new URL(base).port));
}
