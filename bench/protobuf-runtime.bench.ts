// pnpm bench:protobuf: issue 31's question, our table-driven decoder or a protobuf runtime
// (protobufjs), measured on the same bytes: synthetic pods (default 20,000; BENCH_PODS) encoded as
// the simulator encodes them and listed in PodList pages of 500 as it sends them. Each decoder's
// CPU µs per pod, MB per CPU second and heap kept per decoded pod, beside JSON.parse of the same pages as JSON in
// the same run. Each decoder is timed in a child process of its own (type feedback not shared),
// then ours again in the parent that ran them all. Throws if the decoders read a sampled pod
// differently. Figures only; this never fails a build.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type protobuf from 'protobufjs';
import {
  encodeMessage,
  listParts,
  protobufKindOf,
  readList,
  readSchemaOf,
  unwrap,
  type MessageSchema,
} from '../packages/shared/src/protobuf/index.js';
import { listOf } from '../packages/shared/src/protobuf/kubernetes/meta.js';
import { generateCluster, type SyntheticCluster } from '../packages/shared/src/synthetic/index.js';
import { jsonFormOf, protobufjsType } from './protobuf-runtime-schema.js';

const PODS = Number(process.env['BENCH_PODS'] ?? 20_000);
const PAGE = 500;
const RUNS = 5;
/** Pages whose decoded objects are kept to weigh them. */
const KEPT_PAGES = 4;

type Json = Record<string, unknown>;
type Pod = SyntheticCluster['pods'][number];
interface Page {
  protobuf: Buffer;
  json: Buffer;
}

const gc = (): void => {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with node --expose-gc (pnpm bench:protobuf)');
  collect();
  collect();
};

function pagesOf(pods: readonly Pod[]): Page[] {
  const kind = protobufKindOf('v1', 'pods');
  if (!kind) throw new Error('no protobuf table for pods');
  const pages: Page[] = [];
  for (let at = 0; at < pods.length; at += PAGE) {
    const slice = pods.slice(at, at + PAGE);
    const meta = { resourceVersion: '123456', continue: at + PAGE < pods.length ? `t${at}` : '' };
    const items = slice.map((p) =>
      encodeMessage(p as unknown as Json, kind.schema, ['apiVersion', 'kind']),
    );
    const json = `{"kind":"PodList","apiVersion":"v1","metadata":${JSON.stringify(meta)},"items":[${slice.map((p) => JSON.stringify(p)).join(',')}]}`;
    pages.push({
      protobuf: Buffer.concat(listParts({ apiVersion: 'v1', kind: 'PodList', meta, items })),
      json: Buffer.from(json),
    });
  }
  return pages;
}

/** One way of reading a page: returns how many pods it decoded, pushing what it built to `keep`. */
interface Decoder {
  name: string;
  input: keyof Page;
  /** What `read` keeps: each item (ours, as readList hands them) or the whole list. */
  keeps: 'items' | 'list';
  read: (body: Buffer, keep?: unknown[]) => number;
}

const text = new TextDecoder();
const TO_OBJECT = { longs: Number, defaults: false } as const;

function ours(name: string, schema: MessageSchema): Decoder {
  return {
    name,
    input: 'protobuf',
    keeps: 'items',
    read: (body, keep) => {
      let n = 0;
      readList(body, schema, (o) => {
        n++;
        keep?.push(o);
      });
      return n;
    },
  };
}

function runtime(name: string, type: protobuf.Type, toObject: boolean): Decoder {
  return {
    name,
    input: 'protobuf',
    keeps: 'list',
    read: (body, keep) => {
      const message = type.decode(unwrap(body).raw);
      const value = toObject ? type.toObject(message, TO_OBJECT) : message;
      keep?.push(value);
      return ((value as unknown as { items?: unknown[] }).items ?? []).length;
    },
  };
}

/** protobufjs's decode, then each item in the JSON form ours gives (what the converters read). */
function runtimeJsonForm(name: string, type: protobuf.Type, item: MessageSchema): Decoder {
  return {
    name,
    input: 'protobuf',
    keeps: 'items',
    read: (body, keep) => {
      const items = (type.decode(unwrap(body).raw) as unknown as { items: Json[] }).items;
      for (const m of items) {
        const o = jsonFormOf(m, item);
        keep?.push(o);
      }
      return items.length;
    },
  };
}

const jsonParse: Decoder = {
  name: 'reference: JSON.parse of the JSON page',
  input: 'json',
  keeps: 'list',
  read: (body, keep) => {
    const list = JSON.parse(text.decode(body)) as { items: unknown[] };
    keep?.push(list);
    return list.items.length;
  },
};

interface Figures {
  usPerPod: number;
  mbPerS: number;
  keptPerPod: number;
}

function measure(decoder: Decoder, pages: readonly Page[]): Figures {
  const bytes = pages.reduce((sum, p) => sum + p[decoder.input].length, 0);
  const all = (): number => pages.reduce((n, p) => n + decoder.read(p[decoder.input]), 0);
  if (all() !== PODS) throw new Error(`${decoder.name} did not read ${PODS} pods`);
  // CPU time, not wall time: on the shared cores a run's wall time is mostly waiting for one. The
  // collector's threads are counted, a decoder that allocates more pays for it.
  let fastest = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const started = process.cpuUsage();
    all();
    const used = process.cpuUsage(started);
    fastest = Math.min(fastest, (used.user + used.system) / 1000);
  }
  const keep: unknown[] = [];
  gc();
  const before = process.memoryUsage().heapUsed;
  let kept = 0;
  for (const p of pages.slice(0, KEPT_PAGES)) kept += decoder.read(p[decoder.input], keep);
  gc();
  const after = process.memoryUsage().heapUsed;
  if (keep.length === 0) throw new Error('nothing kept');
  return {
    usPerPod: (fastest * 1000) / PODS,
    mbPerS: bytes / 1e6 / (fastest / 1000),
    keptPerPod: (after - before) / kept,
  };
}

// --- Correctness: what the BFF reads of a sampled pod, from the source object and each decoder.

const at = (o: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>(
    (v, k) => (v !== null && typeof v === 'object' ? (v as Json)[k] : undefined),
    o,
  );
const sorted = (m: unknown): Json =>
  Object.fromEntries(Object.entries((m ?? {}) as Json).sort(([a], [b]) => (a < b ? -1 : 1)));
/** Our decoder (and JSON) give RFC 3339 text and quantity strings; protobufjs their messages. */
const seconds = (t: unknown): unknown =>
  typeof t === 'string' ? Date.parse(t) / 1000 : at(t, 'seconds');
const quantity = (q: unknown): unknown => (typeof q === 'string' ? q : at(q, 'string'));

function viewOf(pod: unknown): string {
  return JSON.stringify({
    name: at(pod, 'metadata', 'name'),
    namespace: at(pod, 'metadata', 'namespace'),
    labels: sorted(at(pod, 'metadata', 'labels')),
    nodeName: at(pod, 'spec', 'nodeName'),
    phase: at(pod, 'status', 'phase'),
    cpu: quantity(at(pod, 'spec', 'containers', 0, 'resources', 'requests', 'cpu')),
    startTime: seconds(at(pod, 'status', 'startTime')),
  });
}

function itemsOf(decoder: Decoder, page: Page): unknown[] {
  const keep: unknown[] = [];
  decoder.read(page[decoder.input], keep);
  return decoder.keeps === 'items' ? keep : (at(keep[0], 'items') as unknown[]);
}

function check(pods: readonly Pod[], pages: readonly Page[], decoders: readonly Decoder[]): number {
  const step = Math.max(1, Math.floor(pages.length / 8));
  let checked = 0;
  for (let p = 0; p < pages.length; p += step) {
    const page = pages[p] as Page;
    const read = decoders.map((d) => itemsOf(d, page));
    for (let i = 0; i < PAGE; i += 37) {
      const source = pods[p * PAGE + i];
      if (source === undefined) break;
      const want = viewOf(source);
      decoders.forEach((d, k) => {
        const got = viewOf(read[k]?.[i]);
        if (got !== want)
          throw new Error(`${d.name} read pod ${p * PAGE + i} as ${got}, not ${want}`);
      });
      checked++;
    }
  }
  return checked;
}

/** Every decoder, in the order printed; a child process measures one by its index. */
function decodersOf(): Decoder[] {
  const kind = protobufKindOf('v1', 'pods');
  const readSet = readSchemaOf('v1', 'pods');
  if (!kind || !readSet) throw new Error('no protobuf table for pods');
  const fullType = protobufjsType(kind.list);
  const readSetType = protobufjsType(listOf(readSet));
  return [
    ours('ours, read set (readList, what the BFF does)', readSet),
    ours('ours, full schema', kind.schema),
    runtimeJsonForm('protobufjs, read set: decode + our JSON form', readSetType, readSet),
    runtime('protobufjs, read set: decode + toObject', readSetType, true),
    runtime('protobufjs, read set: decode alone', readSetType, false),
    runtime('protobufjs, full schema: decode + toObject', fullType, true),
    runtime('protobufjs, full schema: decode alone', fullType, false),
    jsonParse,
  ];
}

function podsAndPages(): { pods: Pod[]; pages: Page[] } {
  const { pods } = generateCluster({
    seed: 31,
    pods: PODS,
    nodes: Math.max(20, Math.round(PODS / 30)),
    budgets: Math.round(PODS / 15),
  });
  return { pods, pages: pagesOf(pods) };
}

/** Keys sorted at every level: the two JSON forms compared whole, whatever their key order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_, x: unknown) =>
    x !== null && typeof x === 'object' && !Array.isArray(x) ? sorted(x) : x,
  );

/** Ours and protobufjs + jsonFormOf must build the same objects, key for key. */
function checkWhole(pages: readonly Page[], a: Decoder, b: Decoder): void {
  for (const page of [pages[0], pages[pages.length - 1]]) {
    if (page === undefined) continue;
    const left = itemsOf(a, page);
    const right = itemsOf(b, page);
    left.forEach((o, i) => {
      if (canonical(o) !== canonical(right[i]))
        throw new Error(
          `${b.name} built item ${i} otherwise than ${a.name}:\n${canonical(right[i])}\n${canonical(o)}`,
        );
    });
  }
}

const ONLY = process.env['BENCH_PROTOBUF_DECODER'];

function main(): void {
  const { pods, pages } = podsAndPages();
  const decoders = decodersOf();
  if (ONLY !== undefined) {
    // A child: one decoder alone, its type feedback not shared with the others'.
    console.log(JSON.stringify(measure(decoders[Number(ONLY)] as Decoder, pages)));
    return;
  }
  // protobufjs's own messages (decode alone) hold int64s as Long objects: the others are read.
  const checked = check(
    pods,
    pages,
    decoders.filter((d) => !d.name.endsWith('decode alone')),
  );
  checkWhole(pages, decoders[0] as Decoder, decoders[2] as Decoder);
  const protobufBytes = pages.reduce((n, p) => n + p.protobuf.length, 0);
  const jsonBytes = pages.reduce((n, p) => n + p.json.length, 0);
  console.log(
    `${PODS} pods in ${pages.length} PodList pages of ${PAGE}; best of ${RUNS} runs; each ` +
      'decoder in a process of its own',
  );
  console.log(
    `bytes per pod: protobuf ${(protobufBytes / PODS).toFixed(0)}, JSON ${(jsonBytes / PODS).toFixed(0)} ` +
      `(${((protobufBytes / jsonBytes) * 100).toFixed(0)} %); ${checked} sampled pods read alike by ` +
      'every decoder but the decode-alone ones; two pages built alike, key for key, by ours and protobufjs + JSON form',
  );
  const row = (name: string, f: Figures): void =>
    console.log(
      `| ${name} | ${f.usPerPod.toFixed(2)} | ${f.mbPerS.toFixed(0)} | ${(f.keptPerPod / 1024).toFixed(2)} kB |`,
    );
  console.log('| decoder | CPU µs per pod | MB per CPU second | heap kept per decoded pod |');
  console.log('| --- | ---: | ---: | ---: |');
  decoders.forEach((d, i) => {
    const out = execFileSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url)],
      {
        env: { ...process.env, BENCH_PROTOBUF_DECODER: String(i) },
        encoding: 'utf8',
      },
    );
    row(d.name, JSON.parse(out.trim().split('\n').pop() ?? '') as Figures);
  });
  // This process has run every decoder (the checks): ours then reads with the type feedback of
  // many schemas, as in the BFF, which decodes every kind with it.
  row(
    'ours, read set, in the process that ran every decoder',
    measure(decoders[0] as Decoder, pages),
  );
}

main();
