import { randomBytes } from "node:crypto";
import { hash, verify, type Algorithm } from "@node-rs/argon2";

/**
 * Merchant passwords are hashed with Argon2id (@node-rs/argon2: a Rust build shipped prebuilt in npm
 * packages, no compiler or download) with OWASP's Password Storage Cheat Sheet parameters: 19 MiB of memory,
 * 2 passes, 1 lane. The hash is a PHC string that names its own parameters, so raising them later still
 * verifies older hashes. Hashing runs on libuv's thread pool, off the event loop.
 */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: the package declares its enum `const`, which isolated modules cannot read.
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    // A malformed stored hash verifies nothing.
    return false;
  }
}

let decoy: Promise<string> | null = null;

/**
 * Spends the time a real verification would for an address without an account, so how long a sign-in takes
 * does not tell whether the address has one.
 */
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(24).toString("base64"));
  await verifyPassword(await decoy, password);
  return false;
}
