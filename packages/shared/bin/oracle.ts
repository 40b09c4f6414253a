// `pnpm -s oracle FILE`: runs every scenario of FILE through the engine and prints
// `{ "results": [...] }`. Exit 0 whatever the results; non-zero only when FILE cannot be read.
import { readFileSync } from 'node:fs';
import { readScenarioFile, runScenarioFile } from '../src/oracle/index.js';

function fail(message: string): never {
  process.stderr.write(`oracle: ${message}\n`);
  process.exit(2);
}

const path = process.argv[2];
if (path === undefined || path === '') fail('usage: pnpm -s oracle FILE');

let text: string;
try {
  text = readFileSync(path, 'utf8');
} catch (e) {
  fail(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
}

let json: unknown;
try {
  json = JSON.parse(text);
} catch (e) {
  fail(`${path} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
}

const file = readScenarioFile(json);
if (!file.ok) fail(`${path} is not a scenarios file: ${file.error}`);
process.stdout.write(`${JSON.stringify(runScenarioFile(file.value), null, 2)}\n`);
