import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["node_modules/", "public/", "apps/*/build/", ".cache/", "coverage/", "test-results/", "playwright-report/", "e2e/artifacts/", "audit/", ".data/", "**/*.d.ts"],
  },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { process: "readonly", console: "readonly", require: "readonly", module: "writable", __dirname: "readonly", global: "writable" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
);
