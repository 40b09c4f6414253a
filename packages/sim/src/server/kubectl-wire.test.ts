import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedShop } from './__fixtures__/cluster.js';
import type { Harness } from './__fixtures__/harness.js';
import { startHarness } from './__fixtures__/harness.js';
import { wireStats } from './protobuf-out.js';

/**
 * What kubectl prints must not depend on whether the server speaks protobuf. `get` asks for JSON
 * (tables, or objects for -o yaml), so it checks the serving code leaves JSON alone; `describe`
 * and `drain` read through client-go's typed clients, which ask for protobuf first, so they check
 * the protobuf answers decode in kubectl to the same objects.
 */
const COMMANDS: readonly (readonly string[])[] = [
  ['get', 'pods', '-A'],
  ['get', 'pods', '-A', '-o', 'yaml'],
  ['get', 'pods', '-n', 'shop', 'web-1', '-o', 'yaml'],
  ['describe', 'pod', '-n', 'shop', 'web-1'],
  ['describe', 'node', 'node-a'],
  ['drain', 'node-b', '--dry-run=client', '--ignore-daemonsets'],
];

interface Run {
  outputs: { code: number; stdout: string; stderr: string }[];
  protobufBytes: number;
}

/** Every command's output against one server, and the protobuf bytes it sent meanwhile. */
async function runAll(h: Harness): Promise<Run> {
  const before = wireStats.bytes.protobuf;
  const outputs = [];
  for (const args of COMMANDS) outputs.push(await h.kubectl([...args]));
  return { outputs, protobufBytes: wireStats.bytes.protobuf - before };
}

let withProtobuf: Harness;
let jsonOnly: Harness;

beforeAll(async () => {
  withProtobuf = await startHarness(seedShop);
  jsonOnly = await startHarness(seedShop, undefined, { protobuf: false, watchList: false });
  for (const h of [withProtobuf, jsonOnly]) h.clock.advance(3_600_000);
});

afterAll(async () => {
  await withProtobuf.close();
  await jsonOnly.close();
});

describe('kubectl with protobuf serving on and off', () => {
  it('prints the same for get pods, get pods -o yaml, describe and drain', async () => {
    const on = await runAll(withProtobuf);
    const off = await runAll(jsonOnly);
    // The servers' URLs differ only in their ports; nothing printed names them.
    expect(on.outputs).toStrictEqual(off.outputs);
    expect(on.outputs.map((o) => o.code)).toStrictEqual(COMMANDS.map(() => 0));
    expect(on.outputs[1]?.stdout).toContain('name: web-3');
    // describe and drain were answered in protobuf by the one server, never by the other.
    expect([on.protobufBytes > 0, off.protobufBytes]).toStrictEqual([true, 0]);
  }, 60_000);
});
