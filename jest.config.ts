import type { Config } from "jest";

const transform = { "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js" };
const testPathIgnorePatterns = ["/node_modules/", "/\\.cache/", "/public/", "/e2e/"];
// Build workers' site folders (.data/build-workers/<n>/) hold copies of the site's package.json: out of jest's module map.
const modulePathIgnorePatterns = ["<rootDir>/\\.data/"];

const config: Config = {
  projects: [
    {
      displayName: "rules",
      testEnvironment: "node",
      transform,
      testPathIgnorePatterns,
      modulePathIgnorePatterns,
      testMatch: ["<rootDir>/packages/*/src/**/__tests__/**/*.test.ts", "<rootDir>/plugins/*/src/**/__tests__/**/*.test.ts", "<rootDir>/scripts/**/__tests__/**/*.test.ts"],
      setupFiles: ["<rootDir>/jest/setup-env.js"],
    },
    {
      displayName: "components",
      testEnvironment: "jsdom",
      transform,
      testPathIgnorePatterns,
      modulePathIgnorePatterns,
      testMatch: ["<rootDir>/plugins/*/src/**/__tests__/**/*.test.tsx"],
      moduleNameMapper: {
        "\\.(css|scss)$": "identity-obj-proxy",
        "\\.(jpg|jpeg|png|gif|svg|webp)$": "<rootDir>/jest/file-mock.js",
      },
      setupFiles: ["<rootDir>/jest/setup-env.js", "<rootDir>/jest/loadershim.js"],
      setupFilesAfterEnv: ["<rootDir>/jest/setup-dom.ts"],
      globals: { __PATH_PREFIX__: "" },
    },
    {
      // The merchant workspace (apps/manage): its own React app, tested through its screens with a fake service.
      displayName: "workspace",
      testEnvironment: "jsdom",
      transform,
      testPathIgnorePatterns,
      modulePathIgnorePatterns,
      testMatch: ["<rootDir>/apps/*/src/**/__tests__/**/*.test.{ts,tsx}"],
      moduleNameMapper: { "\\.css$": "identity-obj-proxy" },
      setupFiles: ["<rootDir>/jest/setup-env.js"],
      setupFilesAfterEnv: ["<rootDir>/apps/manage/src/__tests__/setup.ts"],
    },
  ],
};

export default config;
