// Security headers on every kind of answer the server gives (pages, API answers of kernel and bare
// routes, Node's own refusals), scripts still running under the nonce CSP, the sign-in page refusing
// to render inside another origin's frame; and the sandbox bank's page, on the banks' own origin,
// with a policy of its own.
import { expect, test, type Page } from "@playwright/test";
import { banksUrl } from "./support/banks";

type WithHeaders = { headers(): Record<string, string> } | null;
import { signUpOnPage, startConnection } from "./helpers";

const COMMON = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
};

function expectCommon(response: WithHeaders, label: string) {
  const headers = response?.headers() ?? {};
  for (const [name, value] of Object.entries(COMMON)) expect(headers[name], `${label}: ${name}`).toBe(value);
  expect(headers["content-security-policy"], label).toContain("frame-ancestors 'none'");
  // Served over plain http here: HSTS would be wrong.
  expect(headers["strict-transport-security"], label).toBeUndefined();
  return headers;
}

function expectPageCsp(response: WithHeaders, label: string) {
  const csp = expectCommon(response, label)["content-security-policy"];
  expect(csp, label).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp, label).toContain("object-src 'none'");
  return csp;
}

/** Fails the test on any CSP violation the page reports (a script the policy blocked). */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

test("every page carries the headers, and its scripts run under the nonce CSP", async ({ page }) => {
  const violations = watchViolations(page);
  const seen = new Set<string>();
  for (const path of ["/signin", "/signup", "/docs"]) {
    const response = await page.goto(path);
    seen.add(expectPageCsp(response, path));
  }
  await signUpOnPage(page, "Headers"); // the sign-up form is a client component: it works only if scripts ran
  for (const path of ["/dashboard", "/clients", "/settings/api-keys", "/settings/tokens", "/consents", "/datasets"]) {
    const response = await page.goto(path);
    seen.add(expectPageCsp(response, path));
  }
  expect(seen.size, "a fresh nonce per page").toBe(9);
  await page.goto("/dashboard");
  await startConnection(page); // through client-side navigation to the sandbox bank's login page
  await page.waitForURL(/\/sandbox-bank\//);
  const bankPage = await page.reload();
  // The bank's own page: its origin, its headers; no scripts at all, and no form-action, since its
  // Approve is answered with a redirect to the app (another origin), which form-action would block.
  expect(new URL(page.url()).origin).toBe(banksUrl());
  const bankCsp = expectCommon(bankPage, "sandbox bank authorize page")["content-security-policy"];
  expect(bankCsp).toContain("default-src 'none'");
  expect(bankCsp).not.toContain("script-src");
  expect(bankCsp).not.toContain("form-action");
  await expect(page.getByLabel("User ID")).toBeVisible();
  expect(violations).toEqual([]);
});

test("API answers carry nosniff, no framing and a CSP that allows nothing", async ({ request }) => {
  const answers = [
    await request.get("/api/scopes/v1"), // kernel route, 401
    await request.get("/api/health"), // a route Next serves
    await request.post("/api/health"), // 405 in the envelope
    await request.get("/api/no/such/endpoint"), // catch-all 404
    await request.get("/api/openapi.json"),
  ];
  for (const res of answers) {
    const headers = expectCommon(res, res.url());
    expect(headers["content-security-policy"], res.url()).toContain("default-src 'none'");
  }
  const notAllowed = answers[2];
  expect(notAllowed.status()).toBe(405);
  expect(((await notAllowed.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");
});

test("a URL over 16 kB and a body over 1 MiB are refused in the envelope with a request id", async ({ request }) => {
  const long = await request.get(`/api/clients/v1?search=${"a".repeat(20_000)}`);
  expect(long.status()).toBe(431);
  const body = (await long.json()) as { error: { code: string }; meta: { requestId: string } };
  expect(body.error.code).toBe("request_header_too_large");
  expect(body.meta.requestId).toBe(long.headers()["x-request-id"]);
  const big = await request.post("/api/auth/v1/sign-up", {
    data: { email: "x@example.test", password: "p".repeat(1024 * 1024), name: "Big" },
  });
  expect(big.status()).toBe(413);
  expect(((await big.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
});

test("the sign-in page refuses to render in a cross-origin frame", async ({ page, baseURL }) => {
  const target = `${baseURL}/signin`;
  // Another origin (127.0.0.1 is not localhost) that frames our sign-in page.
  const framer = `${(baseURL ?? "").replace("localhost", "127.0.0.1")}/framer`;
  await page.route(framer, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<iframe id="f" src="${target}" width="600" height="600"></iframe>`,
    }),
  );

  const framed = async () => {
    await page.goto(framer);
    await page.locator("#f").waitFor();
    const frame = page.frames().find((f) => f !== page.mainFrame());
    await frame?.waitForLoadState();
    return frame ? frame.getByLabel("Email").count() : 0;
  };
  expect(await framed()).toBe(0);

  // Control: the same page with its framing headers stripped does render in the frame, so the
  // count above is the headers at work, not a frame that failed for another reason.
  await page.route(target, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers["content-security-policy"];
    delete headers["x-frame-options"];
    await route.fulfill({ response, headers });
  });
  expect(await framed()).toBeGreaterThan(0);
});
