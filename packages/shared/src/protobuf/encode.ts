import type { Field, MessageSchema } from './schema.js';
import { parseTime, rfc3339, rfc3339Micro } from './time-text.js';
import { ProtoWriter, ProtobufError, WIRE_BYTES, WIRE_FIXED64, WIRE_VARINT } from './wire.js';

type Json = Record<string, unknown>;

/**
 * Encodes an object's JSON form as the message `schema` describes, fields in number order as
 * gogo-protobuf writes them. Nothing is dropped silently: a key the table does not know, or a
 * value of the wrong type, throws {@link ProtobufError} naming it (the simulator then answers in
 * JSON). `ignore` names top-level keys carried elsewhere (apiVersion and kind go in the envelope).
 */
export function encodeMessage(
  value: Json,
  schema: MessageSchema,
  ignore: readonly string[] = [],
): Uint8Array {
  // One writer for every call (they never nest): a pod's 1-2 kB are not grown into from 256 bytes
  // each time. A throw leaves it half-written; the next call resets it.
  const w = shared.reset();
  writeMessage(w, value, schema, ignore);
  return w.finish();
}

const shared = new ProtoWriter();

function fail(schema: MessageSchema, key: string, why: string): never {
  throw new ProtobufError(`${schema.name}.${key}: ${why}`);
}

function writeMessage(
  w: ProtoWriter,
  value: Json,
  schema: MessageSchema,
  ignore: readonly string[] = [],
): void {
  for (const key in value) {
    if (!knows(schema, key) && !ignore.includes(key)) fail(schema, key, 'not in the field table');
  }
  for (const field of schema.fields) {
    if (field.inline) {
      w.tag(field.no, WIRE_BYTES).fork();
      writeMessage(
        w,
        inlinePart(value, field.message as MessageSchema),
        field.message as MessageSchema,
      );
      w.join();
      continue;
    }
    const v = value[field.name];
    if (v === undefined) continue;
    if (v === null) {
      // A zero Time is JSON's null and protobuf's empty message; any other null is absent.
      if ((field.type === 'time' || field.type === 'microtime') && !field.repeated)
        w.tag(field.no, WIRE_BYTES).uint32(0);
      continue;
    }
    if (field.repeated) {
      if (!Array.isArray(v)) fail(schema, field.name, 'not a list');
      for (const item of v as unknown[]) writeValue(w, field, item, schema);
    } else writeValue(w, field, v, schema);
  }
}

function knows(schema: MessageSchema, key: string): boolean {
  if (schema.byName.has(key)) return true;
  return schema.fields.some((f) => f.inline && f.message !== undefined && knows(f.message, key));
}

function inlinePart(value: Json, schema: MessageSchema): Json {
  const part: Json = {};
  for (const key in value) if (knows(schema, key)) part[key] = value[key];
  return part;
}

function badValue(schema: MessageSchema, field: Field, v: unknown): never {
  return fail(schema, field.name, `unexpected value ${JSON.stringify(v)}`);
}

// No closure per value: under tsx (the simulator's runtime) every function made at run time is
// also named through a helper, which cost more than writing the value.
function writeValue(w: ProtoWriter, field: Field, v: unknown, schema: MessageSchema): void {
  switch (field.type) {
    case 'string':
      if (typeof v !== 'string') badValue(schema, field, v);
      w.tag(field.no, WIRE_BYTES).string(v as string);
      return;
    case 'int':
      if (!Number.isSafeInteger(v)) badValue(schema, field, v);
      w.tag(field.no, WIRE_VARINT).int64(v as number);
      return;
    case 'bool':
      if (typeof v !== 'boolean') badValue(schema, field, v);
      w.tag(field.no, WIRE_VARINT).bool(v as boolean);
      return;
    case 'double':
      if (typeof v !== 'number') badValue(schema, field, v);
      w.tag(field.no, WIRE_FIXED64).double(v as number);
      return;
    case 'message':
      if (typeof v !== 'object' || Array.isArray(v)) badValue(schema, field, v);
      w.tag(field.no, WIRE_BYTES).fork();
      writeMessage(w, v as Json, field.message as MessageSchema);
      w.join();
      return;
    case 'map':
      if (typeof v !== 'object' || Array.isArray(v)) badValue(schema, field, v);
      writeMap(w, field, v as Json, schema);
      return;
    default:
      w.tag(field.no, WIRE_BYTES).fork();
      if (!writeWrapped(w, field.type, v)) badValue(schema, field, v);
      w.join();
  }
}

/** time, microtime, quantity and intstr; false when `v` is not one. */
function writeWrapped(w: ProtoWriter, type: Field['type'], v: unknown): boolean {
  if (type === 'quantity') {
    if (typeof v !== 'string') return false;
    w.tag(1, WIRE_BYTES).string(v);
    return true;
  }
  if (type === 'intstr') {
    if (typeof v === 'string') w.tag(1, WIRE_VARINT).int64(1).tag(3, WIRE_BYTES).string(v);
    else if (Number.isInteger(v) && (v as number) >= -(2 ** 31) && (v as number) < 2 ** 31)
      w.tag(1, WIRE_VARINT)
        .int64(0)
        .tag(2, WIRE_VARINT)
        .int64(v as number);
    else return false;
    return true;
  }
  if (typeof v !== 'string') return false;
  const micro = type === 'microtime';
  const t = parseTime(v, micro);
  // Only a time whose text comes back the same is encoded (no silent loss of a fraction).
  if (t === undefined || (micro ? rfc3339Micro(t.seconds, t.nanos) : rfc3339(t.seconds)) !== v)
    return false;
  w.tag(1, WIRE_VARINT).int64(t.seconds);
  if (t.nanos !== 0) w.tag(2, WIRE_VARINT).int64(t.nanos);
  return true;
}

function writeMap(w: ProtoWriter, field: Field, map: Json, schema: MessageSchema): void {
  // Go writes a map's entries sorted by key; JSON from the API server has them sorted too.
  for (const key of Object.keys(map)) {
    const v = map[key];
    w.tag(field.no, WIRE_BYTES).fork().tag(1, WIRE_BYTES).string(key);
    if (field.mapValue === 'string') {
      if (typeof v !== 'string') fail(schema, `${field.name}.${key}`, 'not a string');
      w.tag(2, WIRE_BYTES).string(v as string);
    } else if (v !== null) {
      w.tag(2, WIRE_BYTES).fork();
      if (!writeWrapped(w, field.mapValue ?? 'quantity', v))
        fail(schema, `${field.name}.${key}`, `unexpected value ${JSON.stringify(v)}`);
      w.join();
    }
    w.join();
  }
}
