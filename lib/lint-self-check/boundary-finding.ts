// Deliberately crosses the product's boundary: product code (app/, components/, lib/) importing the
// banks and test support. `npm test` lints this file alone (it is in eslint.config.mjs's ignores, so
// `npm run lint` never sees it) and requires no-restricted-imports to fail that run. Relative paths,
// the spelling the boundary could most easily miss (the @/ spelling is the rule's first pattern).
import { BANKS } from "../../sandbox/bank/data/banks";
import { TEST_PASSWORD } from "../../testing/support/fixtures";

export const crossesTheBoundary = `${BANKS.length} ${TEST_PASSWORD}`;
