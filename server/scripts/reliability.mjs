// `npm run test:reliability`: the fuzzer at full size (FUZZ_RUNS cases per route, 900 by default: over
// 20,000 requests) on embedded PGlite, then on a real PostgreSQL started by with-postgres.sh. Prints the
// request count and the status histogram of each run. `npm test` runs the same fuzzer small.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const env = { ...process.env, TZ: "UTC", FUZZ_RUNS: process.env.FUZZ_RUNS ?? "900" };
const testArgs = ["--import", "tsx", "--test", "--test-reporter=spec", "server/test/fuzz.test.ts"];
let failed = 0;
for (const [label, command, args] of [
  ["PGlite", process.execPath, testArgs],
  ["PostgreSQL", "bash", ["server/scripts/with-postgres.sh", process.execPath, ...testArgs]],
]) {
  console.log(`\n— fuzz on ${label} (${env.FUZZ_RUNS} cases per route) —`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  console.log(`fuzz on ${label}: ${result.status === 0 ? "passed" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
