/**
 * Page weight from a page load's network log. Bytes are counted as the server sends them with
 * `Accept-Encoding: gzip` (the budget's unit), whatever encoding the browser negotiated (Chromium asks
 * for brotli too); requests to other origins count with the size the browser recorded.
 */
import http from "node:http";

export interface NetworkRequest {
  url: string;
  /** Chromium's resource type: Document, Script, Stylesheet, Image, Fetch, XHR, Other (link prefetch)… */
  resourceType?: string;
  /** Bytes on the wire as the browser recorded them, headers included. */
  transferSize: number;
  statusCode?: number;
  mimeType?: string;
}

export interface RequestWeight {
  url: string;
  resourceType: string;
  bytes: number;
}

export interface NetworkSummary {
  jsBytes: number;
  totalBytes: number;
  requests: number;
  /** Requests the browser started but that never got a response (blocked tag manager, aborted prefetches). */
  failedRequests: number;
  scripts: RequestWeight[];
  /** The five heaviest requests, heaviest first. */
  heaviest: RequestWeight[];
}

const isHttpUrl = (url: string) => /^https?:\/\//i.test(url);

/**
 * Totals for a page load. `gzipBytes` gives the gzip-served body size for same-origin urls (undefined
 * when unknown, then the recorded transfer size counts).
 */
export function summarizeNetwork(requests: readonly NetworkRequest[], gzipBytes: (url: string) => number | undefined): NetworkSummary {
  const weights: RequestWeight[] = [];
  let failedRequests = 0;
  for (const request of requests) {
    if (!isHttpUrl(request.url)) continue;
    if (request.statusCode !== undefined && request.statusCode < 100) {
      failedRequests += 1;
      continue;
    }
    weights.push({ url: request.url, resourceType: request.resourceType ?? "Other", bytes: gzipBytes(request.url) ?? request.transferSize });
  }
  // Only script requests count as JavaScript: a `<link rel=prefetch>` of another page's chunk is type Other.
  const scripts = weights.filter((weight) => weight.resourceType === "Script");
  const sum = (list: readonly RequestWeight[]) => list.reduce((total, weight) => total + weight.bytes, 0);
  return {
    jsBytes: sum(scripts),
    totalBytes: sum(weights),
    requests: weights.length,
    failedRequests,
    scripts: [...scripts].sort((a, b) => b.bytes - a.bytes),
    heaviest: [...weights].sort((a, b) => b.bytes - a.bytes).slice(0, 5),
  };
}

export const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Body size of one GET with `Accept-Encoding: gzip`, undecoded. Node's http client does not decompress. */
export function gzipBodyBytes(url: string, timeoutMs = 15_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`GET ${url}: no response within ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

/** gzip body sizes for every same-origin url in the log, fetched once each. */
export async function measureGzipBytes(requests: readonly NetworkRequest[], origin: string, cache: Map<string, number>): Promise<(url: string) => number | undefined> {
  for (const request of requests) {
    if (!request.url.startsWith(`${origin}/`) || cache.has(request.url)) continue;
    if (request.statusCode !== undefined && request.statusCode < 100) continue;
    cache.set(request.url, await gzipBodyBytes(request.url));
  }
  return (url) => cache.get(url);
}
