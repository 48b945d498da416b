/**
 * Files named by the plan (`bodyFile`, `queryFile`, `proto`, script `file`):
 * literal paths relative to the plan, read once at load, at most 8 MiB.
 * The bytes read here are the bytes sent.
 */
import { resolve } from 'node:path';
import { error, type NodeCtx } from './context.js';
import { fsReason } from './compile.js';
import type { LoadedFile } from './types.js';
import type { PNode } from './yaml-tree.js';

/** Cap on a named file (spec §8). */
export const FILE_CAP = 8 * 1024 * 1024;

/**
 * Reads a named file, reporting `<key> <path>: open <path>: no such file or
 * directory`, a template in the path, or the size cap.
 */
export function readNamedFile(ctx: NodeCtx, node: PNode | undefined, key: string, path: string): LoadedFile | undefined {
  if (path.includes('{{')) {
    error(ctx, node, `${key} ${path}: a file path is a literal, relative to the plan; templates are not expanded in it`);
    return undefined;
  }
  if (path.trim() === '') {
    error(ctx, node, `${key} is empty: name a file relative to the plan`);
    return undefined;
  }
  const abs = resolve(ctx.load.dir, path);
  const cached = ctx.load.fileCache.get(abs);
  if (cached && 'bytes' in cached) return { ...cached, path };
  let outcome: LoadedFile | { error: string };
  if (cached) outcome = cached;
  else {
    try {
      const size = ctx.load.files.size(abs);
      if (size > FILE_CAP) outcome = { error: `is ${size} bytes, over the 8 MiB cap` };
      else outcome = { path, resolved: abs, bytes: ctx.load.files.read(abs) };
    } catch (e) {
      outcome = { error: `open ${path}: ${fsReason(e)}` };
    }
    ctx.load.fileCache.set(abs, outcome);
  }
  if ('error' in outcome) {
    error(ctx, node, `${key} ${path}: ${outcome.error}`, 'file');
    return undefined;
  }
  return outcome;
}

/** The file's bytes as UTF-8 text. */
export function fileText(f: LoadedFile): string {
  return Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength).toString('utf8');
}
