import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMessage } from './decode.js';
import { encodeMessage } from './encode.js';
import {
  FrameReader,
  readWatchEvent,
  unwrap,
  watchEventFrame,
  watchFrame,
  wrap,
} from './envelope.js';
import { POD } from './kubernetes/core.js';
import { listMetaInHead, listParts, readList } from './list.js';
import { readSchemaOf } from './read-sets.js';
import { message, pruned, str } from './schema.js';
import { ProtobufError } from './wire.js';

const pod = (name: string) => ({
  metadata: {
    name,
    namespace: 'shop',
    uid: `uid-${name}`,
    resourceVersion: '42',
    creationTimestamp: '2024-05-01T12:00:00Z',
    labels: { app: 'web' },
    ownerReferences: [
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-1', uid: 'rs', controller: true },
    ],
  },
  spec: {
    nodeName: 'node-a',
    containers: [{ name: 'web', image: 'nginx', resources: { requests: { cpu: '100m' } } }],
    volumes: [{ name: 'cache', emptyDir: {} }],
  },
  status: { phase: 'Running', startTime: '2024-05-01T12:00:05Z' },
});

const join = (parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('the wire form', () => {
  it('writes field numbers as generated.proto has them', () => {
    // Pod.metadata = 1 (tag 0x0a); ObjectMeta.name = 1 (0x0a), namespace = 3 (0x1a).
    expect([...encodeMessage({ metadata: { name: 'a', namespace: 'b' } }, POD)]).toStrictEqual([
      0x0a, 0x06, 0x0a, 0x01, 0x61, 0x1a, 0x01, 0x62,
    ]);
  });

  it('refuses what it cannot carry instead of dropping it', () => {
    expect(() => encodeMessage({ metadata: { name: 'a', colour: 'red' } }, POD)).toThrow(
      'ObjectMeta.colour: not in the field table',
    );
    expect(() =>
      encodeMessage({ metadata: { creationTimestamp: '2024-05-01T12:00:00.5Z' } }, POD),
    ).toThrow(ProtobufError);
    expect(() => encodeMessage({ spec: { priority: '1' } }, POD)).toThrow(ProtobufError);
  });

  it('wraps and unwraps the k8s\\0 envelope', () => {
    const raw = encodeMessage(pod('a'), POD);
    const body = wrap('v1', 'Pod', raw);
    expect([...body.subarray(0, 4)]).toStrictEqual([0x6b, 0x38, 0x73, 0x00]);
    const back = unwrap(body);
    expect({ apiVersion: back.apiVersion, kind: back.kind }).toStrictEqual({
      apiVersion: 'v1',
      kind: 'Pod',
    });
    expect(decodeMessage(back.raw, POD)).toStrictEqual(pod('a'));
    expect(() => unwrap(raw)).toThrow('not a Kubernetes protobuf message');
  });

  it('reads a list item by item, with only the fields a reader names', () => {
    const items = ['a', 'b', 'c'].map((n) => encodeMessage(pod(n), POD));
    const body = join(
      listParts({
        apiVersion: 'v1',
        kind: 'PodList',
        meta: { resourceVersion: '77', continue: 'next' },
        items,
      }),
    );
    const seen: unknown[] = [];
    const meta = readList(body, pruned(POD, { metadata: { name: true } }), (o) => seen.push(o));
    expect(meta).toStrictEqual({ resourceVersion: '77', continue: 'next' });
    expect(seen).toStrictEqual([
      { metadata: { name: 'a' } },
      { metadata: { name: 'b' } },
      { metadata: { name: 'c' } },
    ]);
    // The list's metadata is known from its first bytes: a pager asks for the next page early.
    const whole = listMetaInHead(body);
    expect(whole).toStrictEqual(meta);
    let firstKnown = -1;
    for (let n = 0; n <= body.length && firstKnown === -1; n++)
      if (listMetaInHead(body.subarray(0, n)) !== undefined) firstKnown = n;
    expect(firstKnown).toBeGreaterThan(10);
    expect(firstKnown).toBeLessThan(body.length - items.reduce((s, i) => s + i.length, 0));
  });

  it('the read set of pods keeps what the pod converter reads, and no more', () => {
    const read = readSchemaOf('v1', 'pods');
    expect(read).toBeDefined();
    const decoded = decodeMessage(encodeMessage(pod('a'), POD), read as never);
    const {
      image: _image,
      name: _name,
      ...container
    } = pod('a').spec.containers[0] as Record<string, unknown>;
    expect(decoded).toStrictEqual({
      ...pod('a'),
      spec: { ...pod('a').spec, containers: [container] },
    });
    expect(readSchemaOf('v1', 'configmaps')).toBeUndefined();
    expect(() => pruned(message('M', { a: str(1) }), { b: true })).toThrow(
      'M has no field b in the table',
    );
  });

  it('splits a watch stream into frames however its chunks fall', () => {
    const events = ['a', 'b', 'c', 'd'].map((n, i) => ({
      type: i === 3 ? 'MODIFIED' : 'ADDED',
      object: wrap('v1', 'Pod', encodeMessage(pod(n), POD)),
    }));
    const stream = join(events.map((e) => watchFrame(e.type, e.object)));
    fc.assert(
      fc.property(fc.array(fc.nat({ max: stream.length }), { maxLength: 12 }), (cuts) => {
        const at = [...new Set([0, ...cuts, stream.length])].sort((x, y) => x - y);
        const reader = new FrameReader();
        const got: { type: string; object: Uint8Array }[] = [];
        for (let i = 1; i < at.length; i++)
          for (const frame of reader.push(stream.slice(at[i - 1], at[i])))
            got.push(readWatchEvent(frame));
        expect(got.map((e) => ({ type: e.type, object: [...e.object] }))).toStrictEqual(
          events.map((e) => ({ type: e.type, object: [...e.object] })),
        );
        expect(reader.buffered).toBe(0);
      }),
    );
    expect(() => new FrameReader(100).push(new Uint8Array([0, 0, 1, 0]))).toThrow(
      'watch frame of 256 bytes',
    );
  });

  it('writes an event frame in one pass as the composed one, at every length', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK'),
        fc.constantFrom(
          ['v1', 'Pod'],
          ['apps/v1', 'ReplicaSet'],
          ['policy/v1', 'PodDisruptionBudget'],
        ),
        // Lengths of one, two and three varint bytes.
        fc.integer({ min: 0, max: 40_000 }),
        (type, [apiVersion, kind], size) => {
          const message = new Uint8Array(size).map((_, i) => i % 251);
          const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
          expect(base64(watchEventFrame(type, apiVersion ?? '', kind ?? '', message))).toBe(
            base64(watchFrame(type, wrap(apiVersion ?? '', kind ?? '', message))),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
