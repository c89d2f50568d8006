import fs from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** Where files live. Local disk by default; an object store implements the same interface. */
export interface Storage {
  put(name: string, data: Buffer): Promise<void>;
  exists(name: string): Promise<boolean>;
  /** The file's bytes, or null when there is no such file. */
  read(name: string): Promise<Buffer | null>;
  /** The directory public files are served from (local storage only). */
  readonly root: string;
}

const SAFE_NAME = /^[a-z0-9][a-z0-9.-]{0,120}$/;

export function createLocalStorage(root: string): Storage {
  mkdirSync(root, { recursive: true });
  const full = (name: string) => {
    // Names are made by the server, but never let one climb out of the root.
    if (!SAFE_NAME.test(name) || name.includes('..')) throw new Error(`unsafe file name: ${name}`);
    return path.join(root, name);
  };
  return {
    root,
    async put(name, data) {
      const target = full(name);
      const tmp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, target);
    },
    async read(name) {
      try {
        return await fs.readFile(full(name));
      } catch {
        return null;
      }
    },
    async exists(name) {
      try {
        await fs.access(full(name));
        return true;
      } catch {
        return false;
      }
    },
  };
}
