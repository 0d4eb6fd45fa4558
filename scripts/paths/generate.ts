// Builds docs/paths/<base>.md for every machine file and docs/paths/paths.csv (what `npm run paths` writes
// and tests/unit/paths-docs.test.ts compares with the committed files).
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { discoverMachineFiles, machinesOf, type GeneratedFile } from '../statecharts/generate';
import { loadDescriptions, type MachineDescriptions } from '../statecharts/describe';
import { machinePaths, pathsCsv, pathsMarkdown, type ChartPath } from './paths';

export interface MachinePathsModule {
  base: string;
  descriptions: MachineDescriptions | undefined;
  machines: Array<{ machine: AnyStateMachine; paths: ChartPath[] }>;
}

export async function collectPaths(options: {
  root: string;
  machinesDir?: string;
  importModule: (abs: string) => Promise<Record<string, unknown>>;
}): Promise<MachinePathsModule[]> {
  const machinesDir = options.machinesDir ?? 'machines';
  const out: MachinePathsModule[] = [];
  for (const name of discoverMachineFiles(options.root, machinesDir)) {
    const base = name.replace(/\.machine\.ts$/, '');
    const machines = machinesOf(await options.importModule(path.join(options.root, machinesDir, name)));
    if (!machines.length) continue;
    const descriptions = await loadDescriptions(options.importModule, path.join(options.root, machinesDir, 'descriptions', `${base}.ts`));
    out.push({ base, descriptions, machines: machines.map(({ machine }) => ({ machine, paths: machinePaths(machine) })) });
  }
  return out;
}

export async function generatePaths(options: {
  root: string;
  machinesDir?: string;
  outDir?: string;
  importModule: (abs: string) => Promise<Record<string, unknown>>;
}): Promise<GeneratedFile[]> {
  const outDir = options.outDir ?? 'docs/paths';
  const modules = await collectPaths(options);
  const files: GeneratedFile[] = modules.map((m) => ({
    path: `${outDir}/${m.base}.md`,
    content: pathsMarkdown(m.base, m.machines, m.descriptions),
  }));
  files.push({
    path: `${outDir}/paths.csv`,
    content: pathsCsv(modules.flatMap((m) => m.machines.flatMap(({ paths }) => paths.map((p) => ({ path: p, d: m.descriptions }))))),
  });
  return files;
}
