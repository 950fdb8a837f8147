import { statSync } from "node:fs";

/** Whether `path` is a directory now: false when it is missing, is a file, or cannot be read. */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
