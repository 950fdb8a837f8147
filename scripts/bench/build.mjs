// `npm run bench:build`: installs dependencies if needed, then runs the build benchmark
// (scripts/bench/main.ts through tsx). Arguments pass through; see `npm run bench:build -- --help`.
import path from "node:path";
import { ensureDependencies, root, run } from "../lib.mjs";

ensureDependencies();
process.exit(run(path.join(root, "node_modules", ".bin", "tsx"), [path.join(root, "scripts", "bench", "main.ts"), ...process.argv.slice(2)], { allowFailure: true }));
