// Where the local fake aggregators are served: by the app (when enabled in lib/env.ts) and, the
// same way, by the tests' own HTTP servers.
export const EB_FAKE_PREFIX = "/enablebanking-fake";
export const GC_FAKE_PREFIX = "/gocardless-fake";
