// Runs a command (the publish worker's build command) and prints, into its output, when it started and ended,
// so the publish bench reads from the job's log how long the command took apart from the worker around it.
// Usage: node scripts/bench/timed-command.mjs <program> [args…]   (exits with the command's code)
import { spawn } from "node:child_process";

const [program, ...args] = process.argv.slice(2);
if (!program) {
  console.error("timed-command: expected the command to run");
  process.exit(2);
}
console.log(`bench-publish: command started at ${Date.now()}`);
const child = spawn(program, args, { stdio: "inherit" });
child.on("error", (error) => {
  console.error(`timed-command: could not start ${program}: ${error.message}`);
  process.exit(1);
});
child.on("close", (code, signal) => {
  console.log(`bench-publish: command ended at ${Date.now()}`);
  process.exit(code ?? (signal ? 1 : 0));
});
