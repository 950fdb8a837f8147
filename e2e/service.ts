/**
 * The production server for e2e tests that need a service of their own: the built public/ plus the API
 * (server/src/main.ts) on a free port, its own PGlite data directory and a private copy of the business
 * data (so a price can be changed and reloaded with `kill -HUP`). PGlite belongs to one process at a time,
 * so what the tests read from the database they read after stopping it (`database`), and what they write
 * there before it starts (`prepare`, e.g. the merchant CLI).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { siteUnderTest } from "./site";

const { site, business } = siteUnderTest();
const root = process.cwd();
const STARTUP_LIMIT_MS = 90_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface PlacedRow {
  id: string;
  fulfillment_method: string;
  scheduled_for: string | null;
  promised_at: string | null;
  subtotal_cents: number;
  tax_cents: number;
  tip_cents: number;
  delivery_fee_cents: number;
  total_cents: number;
  captured_payments: number;
  lines: number;
}

/**
 * One API service process on its own port, data directory and copy of the business data. A worker shares
 * one (ordering.e2e.ts) among the tests that need no settings of their own: a fresh service's start (tsx,
 * PGlite's WebAssembly, a new database) would be most of each test's time on the 2-core CI machine.
 */
export class Service {
  private process: ChildProcess | null = null;
  private log = "";
  private env: Record<string, string> = {};
  /** Only orders placed from this instant on are read back (`database`): the tests before left theirs. */
  since: number | null = null;

  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  get baseURL() {
    return `http://localhost:${this.port}`;
  }
  get dataFile() {
    return path.join(this.dir, "data", "business.json");
  }
  get dataDir() {
    return path.join(this.dir, "pglite");
  }

  /**
   * `env`: extra settings for this service only (TEST_CLOCK_START). `prepare` runs before the first start,
   * with the service's environment, for what must be in its database from the beginning.
   */
  static async start(env: Record<string, string> = {}, prepare?: (service: Service) => void): Promise<Service> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mainstreet-e2e-${site}-`));
    const source = path.join(root, "data", site);
    fs.mkdirSync(path.join(dir, "data"));
    fs.copyFileSync(path.join(source, "business.json"), path.join(dir, "data", "business.json"));
    if (fs.existsSync(path.join(source, "images"))) fs.symlinkSync(path.join(source, "images"), path.join(dir, "data", "images"));
    const service = new Service(await freePort(), dir);
    service.env = env;
    prepare?.(service);
    await service.launch(env);
    return service;
  }

  /**
   * Creates a workspace account as an operator does (`npm run merchant:add`, the password on its input), for
   * `prepare` to call before the first start.
   */
  addAccount(businessId: string, account: { email: string; password: string }, role: "owner" | "staff" = "owner"): void {
    execFileSync(process.execPath, ["--import", "tsx", "server/scripts/merchant-add.ts", "--business", businessId, "--email", account.email, "--role", role], {
      cwd: process.cwd(),
      env: this.environment(),
      input: `${account.password}\n`,
      stdio: ["pipe", "pipe", "pipe"],
    });
  }

  /** Starts it again on the same data after `database` stopped it. */
  async ensureRunning(): Promise<void> {
    if (!this.process) await this.launch(this.env);
  }

  /** The environment the service runs with; a CLI given it works on the same database and data. */
  environment(extra: Record<string, string> = this.env): NodeJS.ProcessEnv {
    return {
      ...process.env,
      PORT: String(this.port),
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      DATA_DIR: this.dataDir,
      SITE_DATA: this.dataFile,
      PUBLIC_DIR: path.join(root, "public"),
      LOG_LEVEL: "warn",
      RATE_LIMIT_ORDERS_PER_MINUTE: "1000",
      ...extra,
    };
  }

  private async launch(extra: Record<string, string>): Promise<void> {
    // node itself (not the tsx wrapper, which would not pass SIGHUP on) so `kill -HUP` reaches the service.
    this.process = spawn(process.execPath, ["--import", "tsx", path.join(root, "server", "src", "main.ts")], {
      cwd: root,
      env: this.environment(extra),
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.process.stdout?.on("data", (chunk) => (this.log += String(chunk)));
    this.process.stderr?.on("data", (chunk) => (this.log += String(chunk)));
    // Generous: a start loads tsx and PGlite's WebAssembly and may create a database, and on the 2-core CI
    // machine the other worker's axe scans share the CPU.
    const deadline = Date.now() + STARTUP_LIMIT_MS;
    while (Date.now() < deadline) {
      if (this.process.exitCode !== null) throw new Error(`the API service exited with ${this.process.exitCode}:\n${this.log}`);
      try {
        const response = await fetch(`${this.baseURL}/api/health`);
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the API service did not answer /api/health within ${STARTUP_LIMIT_MS / 1000} s:\n${this.log}`);
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
      child.once("exit", () => {
        clearTimeout(force);
        resolve();
      });
      child.kill("SIGTERM");
    });
  }

  /** Stops the service and reads the orders (placed since `since`, when set) from its data directory. */
  async database(): Promise<{ byStatus: Record<string, number>; placed: PlacedRow[] }> {
    await this.stop();
    const since = this.since === null ? [] : [new Date(this.since).toISOString()];
    const out = execFileSync(process.execPath, ["--import", "tsx", path.join(root, "e2e", "ordering-db.ts"), this.dataDir, ...since], { cwd: root, encoding: "utf8" });
    return JSON.parse(out);
  }

  /** Changes an item's price in the data file and reloads it, as a merchant's data update would. */
  async changePrice(itemName: string, variationIndex: number, price: number): Promise<void> {
    const raw = JSON.parse(fs.readFileSync(this.dataFile, "utf8"));
    const item = raw.menu.items.find((candidate: { name: string }) => candidate.name === itemName);
    item.variations[variationIndex].price = price;
    fs.writeFileSync(this.dataFile, JSON.stringify(raw, null, 2));
    this.process?.kill("SIGHUP");
    const cents = Math.round(price * 100);
    await expect
      .poll(async () => {
        const catalog = await (await fetch(`${this.baseURL}/api/catalog/${business.id}/`)).json();
        return catalog.items.find((candidate: { name: string }) => candidate.name === itemName)?.variations[variationIndex]?.price_cents;
      })
      .toBe(cents);
  }

  dispose(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
