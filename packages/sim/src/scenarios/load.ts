import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Result } from '@pdbscope/shared';
import type { KubeObject } from '../store/types.js';
import { parseManifests } from './parse.js';

/** A scenario's objects, and the files they were read from. */
export interface LoadedScenario {
  objects: KubeObject[];
  files: string[];
}

/** The demo set shipped with the simulator (packages/sim/scenarios/demo). */
export const DEMO_SCENARIO_DIR = fileURLToPath(new URL('../../scenarios/demo', import.meta.url));

const SCENARIO_FILE = /\.(ya?ml|json)$/i;

async function scenarioFiles(path: string): Promise<string[]> {
  const info = await stat(path);
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((e) => e.isDirectory() || (e.isFile() && SCENARIO_FILE.test(e.name)))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((e) =>
        e.isDirectory() ? scenarioFiles(join(path, e.name)) : Promise.resolve([join(path, e.name)]),
      ),
  );
  return nested.flat();
}

/**
 * Loads a scenario: one file, or every `.yaml`/`.yml`/`.json` file under a directory (in name
 * order, subdirectories included). The first unreadable file or malformed document makes the
 * whole load fail with a message that names it.
 */
export async function loadScenario(path: string): Promise<Result<LoadedScenario>> {
  let files: string[];
  try {
    files = await scenarioFiles(path);
  } catch (err) {
    return { ok: false, error: `cannot read scenario ${path}: ${(err as Error).message}` };
  }
  if (files.length === 0)
    return { ok: false, error: `scenario directory ${path} has no .yaml, .yml or .json file` };
  const objects: KubeObject[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      return { ok: false, error: `cannot read scenario file ${file}: ${(err as Error).message}` };
    }
    const parsed = parseManifests(text, file);
    if (!parsed.ok) return parsed;
    objects.push(...parsed.value);
  }
  return { ok: true, value: { objects, files } };
}
