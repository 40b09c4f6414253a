import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMessage } from './decode.js';
import { encodeMessage } from './encode.js';
import { PROTOBUF_KINDS } from './kubernetes/kinds.js';
import type { Field, MessageSchema } from './schema.js';
import { rfc3339, rfc3339Micro } from './time-text.js';
import { ProtobufError } from './wire.js';

type Json = Record<string, unknown>;

const text = (omitEmpty: boolean) =>
  fc.string({ unit: 'grapheme', minLength: omitEmpty ? 1 : 0, maxLength: 12 });
const seconds = fc.integer({ min: 0, max: 4_102_444_800 });

/** A field's JSON value as the API server writes it (an omitempty zero is never written). */
function valueOf(field: Field): fc.Arbitrary<unknown> {
  switch (field.type) {
    case 'string':
      return text(field.omitEmpty);
    case 'int':
      return fc
        .oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.maxSafeInteger())
        .filter((n) => !(field.omitEmpty && n === 0));
    case 'bool':
      return field.omitEmpty ? fc.constant(true) : fc.boolean();
    case 'double':
      return fc.double({ noNaN: true });
    case 'time':
      return fc.option(seconds.map(rfc3339), { nil: null, freq: 4 });
    case 'microtime':
      return fc.option(
        fc
          .tuple(seconds, fc.integer({ min: 0, max: 999_999 }))
          .map(([s, us]) => rfc3339Micro(s, us * 1000)),
        { nil: null, freq: 4 },
      );
    case 'quantity':
      return fc.constantFrom('0', '100m', '1', '512Mi', '1.5Gi', '110');
    case 'intstr':
      return fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), text(false));
    case 'map': {
      const v =
        field.mapValue === 'string'
          ? text(false)
          : field.mapValue === 'time'
            ? seconds.map(rfc3339)
            : fc.constantFrom('1', '250m', '4Gi');
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), v, {
        minKeys: 1,
        maxKeys: 4,
        noNullPrototype: true,
      });
    }
    default:
      return objectOf(field.message as MessageSchema);
  }
}

const arbitraries = new Map<MessageSchema, fc.Arbitrary<Json>>();

/** A random object of the schema's JSON form, inline fields' keys at its own level. */
function objectOf(schema: MessageSchema): fc.Arbitrary<Json> {
  const known = arbitraries.get(schema);
  if (known) return known;
  const parts: fc.Arbitrary<Json>[] = schema.fields.map((f) => {
    if (f.inline) return objectOf(f.message as MessageSchema);
    const one = valueOf(f);
    const value = f.repeated ? fc.array(one, { minLength: 1, maxLength: 3 }) : one;
    return fc
      .option(value, { nil: undefined, freq: 2 })
      .map((v) => (v === undefined ? {} : { [f.name]: v }));
  });
  const arb = fc.tuple(...parts).map((ps) => Object.assign({}, ...ps) as Json);
  arbitraries.set(schema, arb);
  return arb;
}

describe('the codec', () => {
  for (const kind of PROTOBUF_KINDS) {
    it(`decodes what it encodes: ${kind.apiVersion} ${kind.kind}`, () => {
      fc.assert(
        fc.property(objectOf(kind.schema), (object) => {
          expect(decodeMessage(encodeMessage(object, kind.schema), kind.schema)).toStrictEqual(
            object,
          );
        }),
        { numRuns: 150 },
      );
    });
  }

  it('gives an error, never a crash or a hang, on malformed bytes', () => {
    const pod = PROTOBUF_KINDS[0]?.schema as MessageSchema;
    const valid = objectOf(pod).map((o) => encodeMessage(o, pod));
    const mangled = fc
      .tuple(valid, fc.nat(), fc.integer({ min: 0, max: 255 }), fc.nat())
      .map(([bytes, at, byte, cut]) => {
        const copy = bytes.slice(0, bytes.length === 0 ? 0 : cut % (bytes.length + 1));
        if (copy.length > 0) copy[at % copy.length] = byte;
        return copy;
      });
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 200 }), mangled), (bytes) => {
        try {
          decodeMessage(bytes, pod);
        } catch (e) {
          expect(e).toBeInstanceOf(ProtobufError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
