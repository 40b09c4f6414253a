import type { Field, MessageSchema } from './schema.js';
import { ProtoReader, ProtobufError, WIRE_BYTES, WIRE_FIXED64, WIRE_VARINT } from './wire.js';
import { rfc3339, rfc3339Micro } from './time-text.js';

type Json = Record<string, unknown>;

/**
 * Decodes a message into the object's JSON form, as the API server would have written it: field
 * names from the table, times as RFC 3339 text, quantities as strings, a zero value of an
 * `omitempty` field left out. Fields the schema does not name are skipped without being read.
 * Throws {@link ProtobufError} on malformed input.
 */
export function decodeMessage(
  buf: Uint8Array,
  schema: MessageSchema,
  start = 0,
  end = buf.length,
): Json {
  const r = new ProtoReader(buf, start, end);
  return decodeInto(r, end, schema, {});
}

/** Reads the message ending at `end` into `out` (an inline field's message reads into its parent's). */
export function decodeInto(r: ProtoReader, end: number, schema: MessageSchema, out: Json): Json {
  const outerEnd = r.end;
  r.end = end;
  const byNo = schema.byNo;
  while (r.pos < end) {
    const tag = r.uint32();
    const wireType = tag & 7;
    const field = byNo[tag >>> 3];
    if (field === undefined) {
      r.skip(wireType);
      continue;
    }
    readField(r, field, wireType, out);
  }
  r.end = outerEnd;
  return out;
}

function expect(field: Field, wireType: number, wanted: number): void {
  if (wireType !== wanted)
    throw new ProtobufError(`field ${field.name} (${field.no}) has wire type ${wireType}`);
}

function readField(r: ProtoReader, field: Field, wireType: number, out: Json): void {
  let value: unknown;
  switch (field.type) {
    case 'string':
      expect(field, wireType, WIRE_BYTES);
      value = r.string();
      if (field.omitEmpty && value === '') return;
      break;
    case 'int':
      expect(field, wireType, WIRE_VARINT);
      value = r.int64();
      if (field.omitEmpty && value === 0) return;
      break;
    case 'bool':
      expect(field, wireType, WIRE_VARINT);
      value = r.int64() !== 0;
      if (field.omitEmpty && value === false) return;
      break;
    case 'double':
      expect(field, wireType, WIRE_FIXED64);
      value = r.double();
      break;
    case 'message': {
      expect(field, wireType, WIRE_BYTES);
      const len = r.length();
      const schema = field.message as MessageSchema;
      if (field.inline) {
        decodeInto(r, r.pos + len, schema, out);
        return;
      }
      value = decodeInto(r, r.pos + len, schema, {});
      break;
    }
    case 'map':
      expect(field, wireType, WIRE_BYTES);
      readMapEntry(r, field, out);
      return;
    default:
      expect(field, wireType, WIRE_BYTES);
      // A zero time (an empty message, as Go writes a Time value) is JSON's null.
      value = readWrapped(r, field.type) ?? null;
  }
  if (field.repeated) {
    const list = out[field.name];
    if (Array.isArray(list)) list.push(value);
    else out[field.name] = [value];
  } else out[field.name] = value;
}

/** time, microtime, quantity and intstr: each a small message of its own. */
function readWrapped(r: ProtoReader, type: Field['type']): unknown {
  const len = r.length();
  const end = r.pos + len;
  const outerEnd = r.end;
  r.end = end;
  let a = 0;
  let b = 0;
  let text: string | undefined;
  while (r.pos < end) {
    const tag = r.uint32();
    const no = tag >>> 3;
    const wireType = tag & 7;
    if (wireType === WIRE_VARINT && (no === 1 || no === 2)) {
      if (no === 1) a = r.int64();
      else b = r.int64();
    } else if (wireType === WIRE_BYTES && ((type === 'quantity' && no === 1) || no === 3)) {
      text = r.string();
    } else r.skip(wireType);
  }
  r.end = outerEnd;
  switch (type) {
    case 'time':
      return len === 0 ? undefined : rfc3339(a);
    case 'microtime':
      return len === 0 ? undefined : rfc3339Micro(a, b);
    case 'quantity':
      return text ?? '0';
    default:
      // IntOrString: type 1 is a string, 0 an int.
      return a === 1 ? (text ?? '') : b;
  }
}

function readMapEntry(r: ProtoReader, field: Field, out: Json): void {
  const len = r.length();
  const end = r.pos + len;
  const outerEnd = r.end;
  r.end = end;
  let key = '';
  let value: unknown = field.mapValue === 'time' ? null : '';
  while (r.pos < end) {
    const tag = r.uint32();
    const no = tag >>> 3;
    const wireType = tag & 7;
    if (no === 1 && wireType === WIRE_BYTES) key = r.string();
    else if (no === 2 && wireType === WIRE_BYTES)
      value =
        field.mapValue === 'string'
          ? r.string()
          : (readWrapped(r, field.mapValue ?? 'quantity') ?? null);
    else r.skip(wireType);
  }
  r.end = outerEnd;
  let map = out[field.name] as Json | undefined;
  if (map === undefined) {
    map = {};
    out[field.name] = map;
  }
  // As JSON.parse has it: an own key, never the object's prototype.
  if (key === '__proto__')
    Object.defineProperty(map, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else map[key] = value;
}
