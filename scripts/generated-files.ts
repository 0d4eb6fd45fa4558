// Writing generated docs (npm run statecharts, npm run paths) the same way: each file written when its
// content changed, stale files removed; with `check`, nothing is written and each difference is reported
// (the caller exits 1 when there are any).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface GeneratedFile {
  /** relative to root */
  path: string;
  content: string;
}

/** Returns how many files differ (with `check`) or 0. */
export function syncGeneratedFiles(root: string, files: GeneratedFile[], stale: string[], options: { check: boolean; logUnchanged?: boolean }): number {
  const { check } = options;
  let problems = 0;
  for (const f of files) {
    const abs = path.resolve(root, f.path);
    const current = existsSync(abs) ? readFileSync(abs, 'utf8') : undefined;
    if (current === f.content) {
      if (options.logUnchanged) console.log(`unchanged ${f.path}`);
      continue;
    }
    if (check) {
      problems++;
      console.error(`${current === undefined ? 'missing' : 'out of date'}: ${f.path}`);
    } else {
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, f.content);
      console.log(`${current === undefined ? 'created' : 'updated'} ${f.path}`);
    }
  }
  for (const p of stale) {
    if (check) {
      problems++;
      console.error(`stale (its machine is gone): ${p}`);
    } else {
      rmSync(path.resolve(root, p));
      console.log(`removed ${p}`);
    }
  }
  return problems;
}
