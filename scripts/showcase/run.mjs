// `npm run showcase`: installs what is missing (dependencies, Debian's Chromium), then builds every sample
// in every recipe and writes showcase/index.html (scripts/showcase/main.ts, through tsx). Builds hold the
// machine's build lock when flock exists, so a showcase never runs beside another build or e2e run.
import fs from "node:fs";
import path from "node:path";
import { ensureChromium, ensureDependencies, root, run } from "../lib.mjs";

ensureDependencies();
ensureChromium();
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const main = path.join(root, "scripts", "showcase", "main.ts");
const lock = process.env.MAINSTREET_BUILD_LOCK ?? "/tmp/mainstreet-build.lock";
const flock = ["/usr/bin/flock", "/bin/flock"].find((candidate) => fs.existsSync(candidate));
const code = flock && !process.env.MAINSTREET_BUILD_LOCK_HELD ? run(flock, [lock, tsx, main], { allowFailure: true, env: { ...process.env, MAINSTREET_BUILD_LOCK_HELD: "1" } }) : run(tsx, [main], { allowFailure: true });
process.exit(code);
