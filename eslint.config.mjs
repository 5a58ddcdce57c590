// ESLint: typescript-eslint's type-checked rules and React's hook rules over everything TypeScript
// we write, and the product's boundary: app/, components/ and lib/ never import the banks (sandbox/),
// test support (testing/), the end-to-end suite (e2e/) or scripts (scripts/). Prettier owns
// formatting, so no stylistic rules here. `npm run lint` runs it, and `npm test` runs it before the
// type check.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const NEXT_LINK = {
  name: "next/link",
  message: "Link with AppLink (components/ui/app-link.tsx): it prefetches on intent, not on sight.",
};

/** The chart library (~420 kB of script) only in a drawing module, which its chart loads with next/dynamic. */
const RECHARTS = {
  name: "recharts",
  message:
    "Draw with recharts only in a components/**/*-drawing.tsx module, loaded with next/dynamic (components/ui/charts.tsx).",
};

/** What product code (app/, components/, lib/) never imports, by either spelling. */
const PRODUCT_BOUNDARY = [
  {
    group: ["@/sandbox", "@/sandbox/*", "@/testing", "@/testing/*", "@/e2e", "@/e2e/*", "@/scripts", "@/scripts/*"],
    message: "Product code (app/, components/, lib/) must not import the banks, test support, e2e or scripts.",
  },
  {
    group: [
      "../**/sandbox",
      "../**/sandbox/*",
      "../**/testing",
      "../**/testing/*",
      "../**/e2e",
      "../**/e2e/*",
      "../**/scripts",
      "../**/scripts/*",
    ],
    message: "Product code (app/, components/, lib/) must not import the banks, test support, e2e or scripts.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "lib/generated/**",
      ".next/**",
      // Test clusters and e2e data directories come and go while ESLint runs beside the tests
      // (scripts/test.ts): never walked into.
      ".data/",
      "coverage/",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "**/*.mjs",
      // Break a rule on purpose; `npm test` lints each alone with --no-ignore to prove a finding fails.
      "scripts/testing/lint-self-check/finding.ts",
      "lib/lint-self-check/boundary-finding.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The product reaches the banks over HTTP at configured URLs, as it reaches a real bank; tests,
    // the e2e suite and scripts may use the product, never the other way round. Links between the
    // app's pages go through AppLink, which prefetches on intent rather than on sight. A unit test
    // beside the product (`*.test.ts`) is not product: it may take builders from testing/support.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": ["error", { paths: [NEXT_LINK, RECHARTS], patterns: PRODUCT_BOUNDARY }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportExpression[source.value=/^(@\\/|(\\.\\.\\/)+)(sandbox|testing|e2e|scripts)(\\/|$)/]",
          message: "Product code (app/, components/, lib/) must not import the banks, test support, e2e or scripts.",
        },
      ],
    },
  },
  {
    files: ["components/ui/app-link.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [RECHARTS], patterns: PRODUCT_BOUNDARY }] },
  },
  {
    files: ["components/**/*-drawing.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [NEXT_LINK], patterns: PRODUCT_BOUNDARY }] },
  },
  {
    // The banks are another system: from the product they take pure utilities, never its kernel,
    // auth, database client or environment (lib/log reads lib/env: they have a logger of their own).
    // sandbox/import-closure.test.ts checks the same transitively.
    files: ["sandbox/**/*.{ts,tsx}"],
    ignores: ["sandbox/**/*.test.ts", "sandbox/testing/**", "sandbox/*/testing/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "@/lib/api",
                "@/lib/api/*",
                "@/lib/auth",
                "@/lib/auth/*",
                "@/lib/db/client",
                "@/lib/env",
                "@/lib/log",
              ],
              message: "The banks do not use the product's kernel, auth, database client, environment or log.",
            },
            {
              group: ["@/testing", "@/testing/*", "@/e2e", "@/e2e/*", "@/scripts", "@/scripts/*"],
              message: "The banks' own code does not import tests or scripts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.tsx", "components/**/*.ts", "lib/client/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
