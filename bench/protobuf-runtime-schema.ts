// A protobufjs type tree built from our field tables (packages/shared/src/protobuf), so that
// protobufjs reads the same messages our decoder reads, field for field: bench:protobuf times the
// two on the same bytes; jsonFormOf turns what protobufjs decoded into the JSON form ours gives.
import protobuf from 'protobufjs';
import type { Field, MessageSchema } from '../packages/shared/src/protobuf/index.js';
import { rfc3339, rfc3339Micro } from '../packages/shared/src/protobuf/time-text.js';

type FieldJson = { id: number; type: string; rule?: 'repeated'; keyType?: string };
// Kubernetes' generated.proto is proto2: a zero on the wire is a value, kept (protobufjs reads a
// descriptor without an edition as proto3, which drops it).
type TypeJson = { edition: 'proto2'; fields: Record<string, FieldJson> };

// metav1.Time and MicroTime, resource.Quantity and intstr.IntOrString as generated.proto has them.
const WRAPPERS: Record<string, TypeJson> = {
  Time: {
    edition: 'proto2',
    fields: { seconds: { id: 1, type: 'int64' }, nanos: { id: 2, type: 'int32' } },
  },
  Quantity: { edition: 'proto2', fields: { string: { id: 1, type: 'string' } } },
  IntOrString: {
    edition: 'proto2',
    fields: {
      type: { id: 1, type: 'int64' },
      intVal: { id: 2, type: 'int32' },
      strVal: { id: 3, type: 'string' },
    },
  },
};
const WRAPPER_OF = {
  time: 'Time',
  microtime: 'Time',
  quantity: 'Quantity',
  intstr: 'IntOrString',
} as const;

/** Our tables' int carries no width: int64 reads every value of either (longs: Number after). */
const SCALAR_OF = { string: 'string', int: 'int64', bool: 'bool', double: 'double' } as const;

/**
 * `schema` and every message it reaches as a protobufjs Type (a list's: `listOf(item)`). A schema
 * object is one type; two distinct schemas of one Go name (a read set prunes Container twice,
 * differently) get distinct type names.
 */
export function protobufjsType(schema: MessageSchema): protobuf.Type {
  const types: Record<string, TypeJson> = { ...WRAPPERS };
  const named = new Map<MessageSchema, string>();
  const nameOf = (s: MessageSchema): string => {
    const known = named.get(s);
    if (known !== undefined) return known;
    let name = `K${s.name}`;
    for (let n = 2; name in types; n++) name = `K${s.name}${n}`;
    named.set(s, name);
    // Placed before its fields are walked: a message that reaches itself finds its own name.
    const type: TypeJson = { edition: 'proto2', fields: {} };
    types[name] = type;
    for (const f of s.fields) type.fields[f.name] = fieldJson(f, nameOf);
    return name;
  };
  const top = nameOf(schema);
  return protobuf.Root.fromJSON({ nested: types }).lookupType(top);
}

function fieldJson(f: Field, nameOf: (schema: MessageSchema) => string): FieldJson {
  const repeated = f.repeated ? { rule: 'repeated' as const } : {};
  switch (f.type) {
    case 'message':
      // An inline field (Volume's VolumeSource) is a message field of its own on the wire.
      if (f.message === undefined) throw new Error(`${f.name}: a message field with no schema`);
      return { id: f.no, type: nameOf(f.message), ...repeated };
    case 'map':
      return {
        id: f.no,
        keyType: 'string',
        type:
          f.mapValue === undefined || f.mapValue === 'string' ? 'string' : WRAPPER_OF[f.mapValue],
      };
    case 'time':
    case 'microtime':
    case 'quantity':
    case 'intstr':
      return { id: f.no, type: WRAPPER_OF[f.type], ...repeated };
    default:
      return { id: f.no, type: SCALAR_OF[f.type], ...repeated };
  }
}

type Json = Record<string, unknown>;
const own = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);
const numberOf = (v: unknown): number => (typeof v === 'number' ? v : (v as Long).toNumber());
interface Long {
  toNumber(): number;
}

/**
 * A message protobufjs decoded, in the object's JSON form as our decoder gives it (and the BFF's
 * converters read): times as RFC 3339 text, quantities as strings, an inline message's keys at
 * its parent's level, an `omitempty` zero left out. What protobufjs needs on top of its decode
 * to stand in for ours on this path.
 */
export function jsonFormOf(message: Json, schema: MessageSchema, out: Json = {}): Json {
  for (const f of schema.fields) {
    if (!own(message, f.name)) continue;
    const value = message[f.name];
    if (f.type === 'map') {
      const entries = Object.entries(value as Json);
      if (entries.length === 0) continue;
      const map: Json = {};
      for (const [k, v] of entries)
        map[k] = f.mapValue === undefined || f.mapValue === 'string' ? v : wrapped(v, f.mapValue);
      out[f.name] = map;
    } else if (f.repeated) {
      const list = value as unknown[];
      if (list.length > 0) out[f.name] = list.map((v) => valueOf(v, f));
    } else if (f.inline && f.message !== undefined) {
      jsonFormOf(value as Json, f.message, out);
    } else {
      const v = valueOf(value, f);
      if (f.omitEmpty && (v === '' || v === 0 || v === false)) continue;
      out[f.name] = v;
    }
  }
  return out;
}

function valueOf(value: unknown, f: Field): unknown {
  switch (f.type) {
    case 'string':
    case 'bool':
    case 'double':
      return value;
    case 'int':
      return numberOf(value);
    case 'message':
      return jsonFormOf(value as Json, f.message as MessageSchema);
    default:
      return wrapped(value, f.type);
  }
}

function wrapped(value: unknown, type: Field['type']): unknown {
  const m = value as Json;
  switch (type) {
    case 'time':
      return own(m, 'seconds') ? rfc3339(numberOf(m['seconds'])) : null;
    case 'microtime':
      return own(m, 'seconds') || own(m, 'nanos')
        ? rfc3339Micro(numberOf(m['seconds']), numberOf(m['nanos']))
        : null;
    case 'quantity':
      return own(m, 'string') ? m['string'] : '0';
    default:
      return numberOf(m['type']) === 1 ? (m['strVal'] ?? '') : numberOf(m['intVal']);
  }
}
