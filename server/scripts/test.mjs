// API service tests: the same suite on embedded PGlite, then on a real PostgreSQL started by
// with-postgres.sh. Writes {passed, failed} to the file named by the first argument.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const out = process.argv[2];
const files = fs.readdirSync(path.join(root, "server/test")).filter((name) => name.endsWith(".test.ts")).map((name) => `server/test/${name}`);
const testArgs = ["--import", "tsx", "--test", "--test-concurrency=2", "--test-reporter=spec", "--test-reporter-destination=stdout", "--test-reporter=tap"];
const tally = { passed: 0, failed: 0 };
let failedRuns = 0;

function run(label, command, args, tapFile) {
  console.log(`\n— API tests on ${label} —`);
  const result = spawnSync(command, [...args, `--test-reporter-destination=${tapFile}`, ...files], { cwd: root, stdio: "inherit", env: { ...process.env, TZ: "UTC" } });
  const tap = fs.existsSync(tapFile) ? fs.readFileSync(tapFile, "utf8") : "";
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, "m").exec(tap)?.[1] ?? 0);
  tally.passed += count("pass");
  tally.failed += count("fail");
  if (result.status !== 0) failedRuns += 1;
  console.log(`API tests on ${label}: ${count("pass")} passed, ${count("fail")} failed`);
}

const tmp = path.join(root, "test-results");
fs.mkdirSync(tmp, { recursive: true });
run("PGlite", "node", testArgs, path.join(tmp, "server-pglite.tap"));
run("PostgreSQL", "bash", ["server/scripts/with-postgres.sh", "node", ...testArgs], path.join(tmp, "server-postgres.tap"));
if (out) fs.writeFileSync(out, JSON.stringify(tally));
process.exit(failedRuns > 0 ? 1 : 0);
