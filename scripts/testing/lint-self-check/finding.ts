// Deliberately breaks a lint rule: `npm test` lints this file alone (it is in eslint.config.mjs's
// ignores, so `npm run lint` never sees it) and requires the finding to fail that run.
export async function noAwait(): Promise<number> {
  return 1;
}
