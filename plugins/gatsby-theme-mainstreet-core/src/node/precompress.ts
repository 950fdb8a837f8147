import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type * as Zopfli from "@gfx/zopfli";
import { PRECOMPRESSED_SUFFIXES, isPrecompressible, precompressedSource, type PrecompressedEncoding } from "@mainstreet/rules/site/precompressed";

/**
 * Writes `<file>.gz` and `<file>.br` beside every text file of a built site, compressed once as hard as is
 * worth it, for the server (or a CDN) to send as they are instead of compressing each request at a cheap
 * level (zlib's default gzip, brotli quality 4), which leaves a large script such as the framework chunk
 * noticeably bigger in both encodings. Every byte written depends only on the file's content (and
 * the zlib and zopfli versions), so a rebuild of the same site writes the same copies.
 */

/** The API service's compression threshold: under it, the headers a compressed reply adds eat the saving. */
export const MIN_BYTES = 1024;

/**
 * zopfli is far slower than zlib for a few percent less gzip, and brotli's top quality far slower than a middle one
 * for a few percent less brotli. Worth it for scripts and style sheets: few, hashed, cached for a year and fetched
 * by every first visit. Not for pages and page data: one or two per page, rebuilt by every publish, so their cost
 * grows with the menu (a 2,000-item business has over 4,000), and what zopfli saves on them brotli-capable
 * browsers never receive.
 */
const HARDEST_EXTENSIONS = [".js", ".css"];
/**
 * Brotli's quality for everything else. Measured on a generated 2,000-item restaurant's pages on these machines:
 * quality 11 took about 0.2 s per page (over 9 minutes of a publish), 8 about a thirtieth of that, for some 8%
 * more bytes (15.6 KiB instead of 14.5 for an 82 KiB page).
 */
const PAGE_BROTLI_QUALITY = 8;
/** 15 passes (zopfli's default) save next to nothing over 5 on the framework chunk, in much more time. */
const ZOPFLI_ITERATIONS = 5;

export interface PrecompressOptions {
  /** Files compressed at once (default: the machine's cores). */
  concurrency?: number;
}

export interface PrecompressResult {
  /** Text files large enough to be compressed. */
  files: number;
  originalBytes: number;
  /** What those files weigh sent to a gzip-only client: each .gz, or the file itself where gzip did not make it smaller. */
  gzipBytes: number;
  /** The same for a brotli client. */
  brotliBytes: number;
  /** Copies (re)written by this run; the others were already up to date. */
  written: number;
}

const gzipLevel9 = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const gunzip = promisify(zlib.gunzip);
const unbrotli = promisify(zlib.brotliDecompress);

let zopfli: typeof Zopfli | undefined;

/**
 * @gfx/zopfli is emscripten output: loading it adds an `uncaughtException` listener that rethrows and an
 * `unhandledRejection` listener that aborts, for the whole process (Gatsby's build, a test runner). They
 * are taken off again at once; loaded lazily, so a process that never precompresses never has them.
 */
function loadZopfli(): typeof Zopfli {
  if (zopfli) return zopfli;
  // As a plain emitter: Process's typings take these events one literal at a time.
  const emitter: NodeJS.EventEmitter = process;
  const events = ["uncaughtException", "unhandledRejection"];
  const before = events.map((event) => emitter.listeners(event));
  // Synchronous, so nothing else can add a listener between the two looks.
  zopfli = createRequire(__filename)("@gfx/zopfli") as typeof Zopfli;
  events.forEach((event, index) => {
    for (const listener of emitter.listeners(event)) {
      if (!before[index].includes(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  });
  return zopfli;
}

function worthTheHardest(file: string): boolean {
  return HARDEST_EXTENSIONS.some((extension) => file.toLowerCase().endsWith(extension));
}

/**
 * Starts compressing `data` for `encoding`. Brotli and zlib run on libuv's thread pool; zopfli (wasm) runs on
 * this thread until it is done, so callers start brotli first and the two overlap.
 */
function compress(encoding: PrecompressedEncoding, file: string, data: Buffer): Promise<Buffer> {
  if (encoding === "br") {
    return brotli(data, {
      // Compress in the first pass on the thread pool. By default that pass only takes the input in and the
      // work waits for the end-of-stream pass, which needs this thread: after zopfli, one core idle meanwhile.
      flush: zlib.constants.BROTLI_OPERATION_FINISH,
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: worthTheHardest(file) ? zlib.constants.BROTLI_MAX_QUALITY : PAGE_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
  }
  // Both write a 10-byte header with no file name, mtime 0 and the same OS byte: the bytes depend on the content only.
  if (!worthTheHardest(file)) return gzipLevel9(data, { level: zlib.constants.Z_BEST_COMPRESSION });
  return loadZopfli()
    .gzipAsync(data, { numiterations: ZOPFLI_ITERATIONS })
    .then((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

async function decodes(encoding: PrecompressedEncoding, copy: Buffer, data: Buffer): Promise<boolean> {
  try {
    return (await (encoding === "br" ? unbrotli(copy) : gunzip(copy))).equals(data);
  } catch {
    return false;
  }
}

async function readIfFile(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Through a temporary name, so a server reading the folder meanwhile never sends half a copy (cached for a year when hashed). */
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

interface FileOutcome {
  bytes: number;
  sizes: Record<PrecompressedEncoding, number>;
  written: number;
}

/** Brotli first: it runs on the thread pool while zopfli holds this thread (see compress()). */
const ENCODINGS_IN_ORDER: readonly PrecompressedEncoding[] = ["br", "gzip"];

async function precompressFile(file: string): Promise<FileOutcome> {
  const data = await fs.readFile(file);
  const outcome: FileOutcome = { bytes: data.length, sizes: { gzip: data.length, br: data.length }, written: 0 };
  const copies = await Promise.all(
    ENCODINGS_IN_ORDER.map(async (encoding) => {
      const copyPath = file + PRECOMPRESSED_SUFFIXES[encoding];
      const existing = await readIfFile(copyPath);
      // A copy that still decodes to the file is what this run would write again (the bytes depend on the
      // content only): kept, so a rebuild pays only for what changed, whatever the files' mtimes say.
      const upToDate = existing !== null && existing.length < data.length && (await decodes(encoding, existing, data));
      return { encoding, copyPath, existing: upToDate ? existing : null };
    }),
  );
  // Every compression starts before the first is awaited, so brotli and zopfli overlap.
  const compressed = await Promise.all(copies.map((copy) => (copy.existing ? null : compress(copy.encoding, file, data))));
  for (const [index, { encoding, copyPath, existing }] of copies.entries()) {
    const bytes = existing ?? (compressed[index] as Buffer);
    if (bytes.length < data.length) {
      if (!existing) {
        await writeAtomically(copyPath, bytes);
        outcome.written += 1;
      }
      outcome.sizes[encoding] = bytes.length;
    } else {
      // Incompressible (already compressed data, random bytes): the server sends the file itself.
      await fs.rm(copyPath, { force: true });
    }
  }
  return outcome;
}

async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/**
 * Precompresses every text file under `publicDir` (recursively) that is at least MIN_BYTES. Safe to run again
 * on its own output: copies are never compressed themselves, copies still matching their file are kept,
 * and copies of a file that changed, shrank under MIN_BYTES or was deleted are rewritten or removed, so the
 * server can never send an old version of a file through its copy.
 */
export async function precompressDir(publicDir: string, options: PrecompressOptions = {}): Promise<PrecompressResult> {
  const concurrency = options.concurrency ?? os.availableParallelism();
  const files = new Set(
    (await fs.readdir(publicDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)),
  );
  const candidates: { file: string; size: number }[] = [];
  const stale: string[] = [];
  for (const file of files) {
    const source = precompressedSource(file);
    if (source !== null && !files.has(source)) stale.push(file);
    if (!isPrecompressible(file)) continue;
    const { size } = await fs.stat(file);
    if (size >= MIN_BYTES) candidates.push({ file, size });
    else stale.push(...Object.values(PRECOMPRESSED_SUFFIXES).map((suffix) => file + suffix).filter((copy) => files.has(copy)));
  }
  await Promise.all(stale.map((copy) => fs.rm(copy, { force: true })));

  const result: PrecompressResult = { files: candidates.length, originalBytes: 0, gzipBytes: 0, brotliBytes: 0, written: 0 };
  // Largest first, so the longest zopfli run does not start last while the other workers sit idle.
  candidates.sort((a, b) => b.size - a.size || a.file.localeCompare(b.file));
  await eachAtMost(candidates, concurrency, async ({ file }) => {
    const outcome = await precompressFile(file);
    result.originalBytes += outcome.bytes;
    result.gzipBytes += outcome.sizes.gzip;
    result.brotliBytes += outcome.sizes.br;
    result.written += outcome.written;
  });
  return result;
}
