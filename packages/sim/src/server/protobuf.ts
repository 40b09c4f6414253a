import type { Result } from '@pdbscope/shared';
/**
 * Kubernetes' protobuf encoding (`application/vnd.kubernetes.protobuf`) decoded into the JSON form of
 * the object, for the kinds kubectl's typed clients create through it: `kubectl create namespace`,
 * `create poddisruptionbudget` and `create deployment` send protobuf, and kubectl does not retry as
 * JSON when a server refuses it. Only the fields those commands (and ordinary manifests) set are
 * known; any other field is skipped. Field numbers are those of Kubernetes' generated.proto files.
 */

/** The 4 bytes every Kubernetes protobuf body starts with, before a runtime.Unknown message. */
const MAGIC = [0x6b, 0x38, 0x73, 0x00];

type Scalar = 'string' | 'int' | 'bool';

interface Field {
  name: string;
  type: Scalar | 'bytes' | 'message' | 'map' | 'intstr';
  message?: Schema;
  repeated?: boolean;
  /** A Go value field with `omitempty`: its zero value (which gogo-protobuf always sends) is left out. */
  omitZero?: boolean;
}

type Schema = Record<number, Field>;

const str = (name: string, repeated = false): Field => ({ name, type: 'string', repeated });
const int = (name: string): Field => ({ name, type: 'int' });
const msg = (name: string, message: Schema, repeated = false): Field => ({
  name,
  type: 'message',
  message,
  repeated,
});
const map = (name: string): Field => ({ name, type: 'map' });

const TYPE_META: Schema = { 1: str('apiVersion'), 2: str('kind') };

const OWNER_REFERENCE: Schema = {
  1: str('kind'),
  3: str('name'),
  4: str('uid'),
  5: str('apiVersion'),
  6: { name: 'controller', type: 'bool' },
  7: { name: 'blockOwnerDeletion', type: 'bool' },
};

const OBJECT_META: Schema = {
  1: str('name'),
  2: str('generateName'),
  3: str('namespace'),
  5: str('uid'),
  6: str('resourceVersion'),
  11: map('labels'),
  12: map('annotations'),
  13: msg('ownerReferences', OWNER_REFERENCE, true),
  14: str('finalizers', true),
};

const LABEL_SELECTOR: Schema = {
  1: map('matchLabels'),
  2: msg('matchExpressions', { 1: str('key'), 2: str('operator'), 3: str('values', true) }, true),
};

const CONTAINER: Schema = {
  1: str('name'),
  2: str('image'),
  3: str('command', true),
  4: str('args', true),
  5: str('workingDir'),
  6: msg('ports', { 1: str('name'), 3: int('containerPort'), 4: str('protocol') }, true),
  7: msg('env', { 1: str('name'), 2: str('value') }, true),
  8: msg('resources', { 1: map('limits'), 2: map('requests') }),
  14: str('imagePullPolicy'),
};

const POD_TEMPLATE: Schema = {
  1: msg('metadata', OBJECT_META),
  2: msg('spec', {
    2: msg('containers', CONTAINER, true),
    3: str('restartPolicy'),
    4: int('terminationGracePeriodSeconds'),
    7: map('nodeSelector'),
    8: str('serviceAccountName'),
    10: str('nodeName'),
  }),
};

/** Top-level kinds by `apiVersion/kind`: metadata is field 1, spec 2 (status, 3, is ignored). */
const KINDS: Record<string, Schema> = {
  'v1/Namespace': {
    1: msg('metadata', OBJECT_META),
    2: msg('spec', { 1: str('finalizers', true) }),
  },
  'policy/v1/PodDisruptionBudget': {
    1: msg('metadata', OBJECT_META),
    2: msg('spec', {
      1: { name: 'minAvailable', type: 'intstr' },
      2: msg('selector', LABEL_SELECTOR),
      3: { name: 'maxUnavailable', type: 'intstr' },
      4: str('unhealthyPodEvictionPolicy'),
    }),
  },
  'apps/v1/Deployment': {
    1: msg('metadata', OBJECT_META),
    2: msg('spec', {
      1: int('replicas'),
      2: msg('selector', LABEL_SELECTOR),
      3: msg('template', POD_TEMPLATE),
      4: msg('strategy', { 1: str('type') }),
      5: { ...int('minReadySeconds'), omitZero: true },
      6: int('revisionHistoryLimit'),
      7: { name: 'paused', type: 'bool', omitZero: true },
      9: int('progressDeadlineSeconds'),
    }),
  },
};

export const PROTOBUF_KINDS: readonly string[] = Object.keys(KINDS);

/** Decodes a Kubernetes protobuf body (magic prefix + runtime.Unknown) into the object's JSON form. */
export function decodeKubernetesProtobuf(body: Uint8Array): Result<unknown> {
  if (body.length < MAGIC.length || MAGIC.some((b, i) => body[i] !== b))
    return { ok: false, error: 'provided object is not a Kubernetes protobuf message' };
  try {
    const unknown = decodeMessage(new Reader(body.subarray(MAGIC.length)), {
      1: msg('typeMeta', TYPE_META),
      2: { name: 'raw', type: 'bytes' },
    });
    const typeMeta = (unknown.typeMeta ?? {}) as Record<string, string>;
    const apiVersion = typeMeta.apiVersion ?? '';
    const kind = typeMeta.kind ?? '';
    const schema = KINDS[`${apiVersion}/${kind}`];
    if (schema === undefined)
      return {
        ok: false,
        error: `protobuf bodies of ${apiVersion}/${kind} are not decoded by the simulator (send JSON)`,
      };
    const raw = unknown.raw instanceof Uint8Array ? unknown.raw : new Uint8Array();
    return { ok: true, value: { apiVersion, kind, ...decodeMessage(new Reader(raw), schema) } };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

class Reader {
  pos = 0;
  constructor(readonly buf: Uint8Array) {}
  get done(): boolean {
    return this.pos >= this.buf.length;
  }
  varint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      if (this.pos >= this.buf.length) throw new Error('truncated protobuf varint');
      const b = this.buf[this.pos++] ?? 0;
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return result;
      shift += 7n;
      if (shift > 63n) throw new Error('protobuf varint too long');
    }
  }
  bytes(): Uint8Array {
    const len = Number(this.varint());
    if (this.pos + len > this.buf.length) throw new Error('truncated protobuf field');
    const out = this.buf.subarray(this.pos, this.pos + len);
    this.pos += len;
    return out;
  }
  skip(wireType: number): void {
    if (wireType === 0) this.varint();
    else if (wireType === 1) this.pos += 8;
    else if (wireType === 2) this.bytes();
    else if (wireType === 5) this.pos += 4;
    else throw new Error(`unsupported protobuf wire type ${wireType}`);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** int64/int32 fields are two's complement varints; negative values come back as such. */
function toInt(v: bigint): number {
  return Number(BigInt.asIntN(64, v));
}

function decodeMessage(r: Reader, schema: Schema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  while (!r.done) {
    const tag = Number(r.varint());
    const fieldNo = tag >>> 3;
    const wireType = tag & 7;
    const field = schema[fieldNo];
    if (field === undefined) {
      r.skip(wireType);
      continue;
    }
    const value = decodeField(r, field, wireType);
    // Every string here is `omitempty` in the JSON form.
    if (value === '' && field.type === 'string' && field.repeated !== true) continue;
    if (field.omitZero === true && (value === 0 || value === false)) continue;
    if (field.type === 'map') {
      const [k, v] = value as [string, string];
      out[field.name] = { ...((out[field.name] as Record<string, string> | undefined) ?? {}) };
      (out[field.name] as Record<string, string>)[k] = v;
    } else if (field.repeated === true) {
      out[field.name] = [...((out[field.name] as unknown[] | undefined) ?? []), value];
    } else out[field.name] = value;
  }
  return out;
}

function decodeField(r: Reader, field: Field, wireType: number): unknown {
  switch (field.type) {
    case 'int':
      return toInt(r.varint());
    case 'bool':
      return r.varint() !== 0n;
    case 'string':
      return utf8.decode(r.bytes());
    case 'message':
      return decodeMessage(new Reader(r.bytes()), field.message ?? {});
    case 'map': {
      const entry = decodeMessage(new Reader(r.bytes()), { 1: str('key'), 2: str('value') });
      return [entry.key ?? '', entry.value ?? ''];
    }
    case 'intstr': {
      const v = decodeMessage(new Reader(r.bytes()), {
        1: int('type'),
        2: int('intVal'),
        3: str('strVal'),
      });
      return v.type === 1 ? (v.strVal ?? '') : (v.intVal ?? 0);
    }
    default:
      if (wireType !== 2) throw new Error('malformed protobuf bytes field');
      return r.bytes();
  }
}
