// ESLint: typescript-eslint's type-checked rules and React's hook rules over everything TypeScript
// we write. Prettier owns formatting, so no stylistic rules here. `npm run lint` runs it, and
// `npm test` runs it before the type check.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "lib/generated/**",
      ".next/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "**/*.mjs",
      // Breaks a rule on purpose; `npm test` lints it alone with --no-ignore to prove a finding fails.
      "scripts/testing/lint-self-check/finding.ts",
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
    files: ["**/*.tsx", "components/**/*.ts", "lib/client/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
