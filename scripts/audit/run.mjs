// `npm run audit`: installs what is missing (dependencies, Debian's Chromium), then runs the audit
// (scripts/audit/main.ts, TypeScript through tsx). Arguments pass through; see `npm run audit -- --help`.
import path from "node:path";
import { ensureChromium, ensureDependencies, root, run } from "../lib.mjs";

ensureDependencies();
if (!process.argv.includes("--help")) ensureChromium();
const code = run(path.join(root, "node_modules", ".bin", "tsx"), [path.join(root, "scripts", "audit", "main.ts"), ...process.argv.slice(2)], {
  allowFailure: true,
});
process.exit(code);
