// `npm run test:reliability`: the reliability suite at full size, on embedded PGlite and then on a real
// PostgreSQL started by with-postgres.sh, printing each run's figures:
//   - the fuzzer (server/test/fuzz.test.ts), FUZZ_RUNS cases per route (900: over 20,000 requests);
//   - the crash test (crash.test.ts), CRASH_KILLS SIGKILLs under load (10), then every acknowledged order checked;
//   - the SIGTERM drain test (drain.test.ts), DRAIN_CLIENTS keep-alive clients (32).
// `npm test` runs the same three files small.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const env = {
  ...process.env,
  TZ: "UTC",
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? "900",
  CRASH_KILLS: process.env.CRASH_KILLS ?? "10",
  DRAIN_CLIENTS: process.env.DRAIN_CLIENTS ?? "32",
};
const files = ["server/test/fuzz.test.ts", "server/test/crash.test.ts", "server/test/drain.test.ts"];
const testArgs = ["--import", "tsx", "--test", "--test-concurrency=1", "--test-reporter=spec", ...files];
let failed = 0;
for (const [label, command, args] of [
  ["PGlite", process.execPath, testArgs],
  ["PostgreSQL", "bash", ["server/scripts/with-postgres.sh", process.execPath, ...testArgs]],
]) {
  console.log(`\n— reliability on ${label}: fuzz ${env.FUZZ_RUNS} cases per route, ${env.CRASH_KILLS} kills, drain with ${env.DRAIN_CLIENTS} clients —`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  console.log(`reliability on ${label}: ${result.status === 0 ? "passed" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
