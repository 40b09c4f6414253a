/**
 * A field table: what each field number of a Kubernetes message is called in the object's JSON
 * form and how its value is written. One table serves the encoder (the simulator) and the
 * decoder (the BFF, and the simulator reading kubectl's requests).
 */

/**
 * How a field's value travels. `time` is metav1.Time (seconds; RFC 3339 in JSON), `microtime`
 * metav1.MicroTime (seconds and nanos; RFC 3339 with microseconds), `quantity`
 * resource.Quantity (its canonical string), `intstr` util/intstr.IntOrString (a number or a
 * string in JSON).
 */
export type FieldType =
  | 'string'
  | 'int'
  | 'bool'
  | 'double'
  | 'time'
  | 'microtime'
  | 'quantity'
  | 'intstr'
  | 'message'
  | 'map';

/** The value type of a `map<string, …>` field. */
export type MapValueType = 'string' | 'quantity' | 'time';

export interface Field {
  readonly no: number;
  /** The key in the object's JSON form. */
  readonly name: string;
  readonly type: FieldType;
  readonly repeated: boolean;
  /**
   * Go's JSON leaves this field's zero value out (`omitempty` on a value, not a pointer), while
   * gogo-protobuf always sends it: decoding drops a zero so that the object reads as its JSON.
   */
  readonly omitEmpty: boolean;
  /** An embedded struct whose fields JSON shows at this level (Volume's VolumeSource). */
  readonly inline: boolean;
  readonly message: MessageSchema | undefined;
  readonly mapValue: MapValueType | undefined;
}

export interface MessageSchema {
  /** The Go type, for error messages and tests. */
  readonly name: string;
  /** In field-number order, the order gogo-protobuf writes them in. */
  readonly fields: readonly Field[];
  /** Indexed by field number. */
  readonly byNo: readonly (Field | undefined)[];
  /** Indexed by JSON key (an inline field's keys are found through its own schema). */
  readonly byName: ReadonlyMap<string, Field>;
}

/** A field before it is named: the table's entries. */
export interface FieldDef {
  no: number;
  type: FieldType;
  repeated?: boolean;
  omitEmpty?: boolean;
  inline?: boolean;
  message?: MessageSchema;
  mapValue?: MapValueType;
}

/** Builds a message schema from `{ jsonName: definition }`. */
export function message(name: string, defs: Readonly<Record<string, FieldDef>>): MessageSchema {
  const fields: Field[] = Object.entries(defs)
    .map(([fieldName, d]) => ({
      no: d.no,
      name: fieldName,
      type: d.type,
      repeated: d.repeated ?? false,
      omitEmpty: d.omitEmpty ?? false,
      inline: d.inline ?? false,
      message: d.message,
      mapValue: d.mapValue,
    }))
    .sort((a, b) => a.no - b.no);
  const byNo: (Field | undefined)[] = [];
  const byName = new Map<string, Field>();
  for (const f of fields) {
    if (byNo[f.no] !== undefined) throw new Error(`${name}: field number ${f.no} used twice`);
    byNo[f.no] = f;
    // An inline field has no key of its own: its message's keys are the parent's.
    if (!f.inline) byName.set(f.name, f);
  }
  return { name, fields, byNo, byName };
}

// The table's vocabulary. A value field with `omitempty` (most of Kubernetes' optional scalars)
// is written `str(n)`; one without it, or a pointer (sent only when set, zero or not), `str(n, KEEP)`.

/** The field's zero value is kept: Go's JSON has no `omitempty` on it, or it is a pointer. */
export const KEEP = { omitEmpty: false } as const;
const dropZero = (no: number, type: FieldType, opts?: typeof KEEP): FieldDef => ({
  no,
  type,
  omitEmpty: opts === undefined,
});

export const str = (no: number, opts?: typeof KEEP): FieldDef => dropZero(no, 'string', opts);
export const int = (no: number, opts?: typeof KEEP): FieldDef => dropZero(no, 'int', opts);
export const bool = (no: number, opts?: typeof KEEP): FieldDef => dropZero(no, 'bool', opts);
export const time = (no: number): FieldDef => ({ no, type: 'time' });
export const microTime = (no: number): FieldDef => ({ no, type: 'microtime' });
export const quantity = (no: number): FieldDef => ({ no, type: 'quantity' });
export const intOrString = (no: number): FieldDef => ({ no, type: 'intstr' });
export const strings = (no: number): FieldDef => ({ no, type: 'string', repeated: true });
export const obj = (no: number, schema: MessageSchema): FieldDef => ({
  no,
  type: 'message',
  message: schema,
});
export const list = (no: number, schema: MessageSchema): FieldDef => ({
  no,
  type: 'message',
  message: schema,
  repeated: true,
});
export const inline = (no: number, schema: MessageSchema): FieldDef => ({
  no,
  type: 'message',
  message: schema,
  inline: true,
});
export const map = (no: number, value: MapValueType = 'string'): FieldDef => ({
  no,
  type: 'map',
  mapValue: value,
});

/**
 * Which fields of a message a reader wants: `true` for a whole field, an object for some fields
 * of a nested message (`{}` keeps a message's presence and nothing of it). An inline field's
 * keys are named at the level JSON shows them.
 */
export interface ReadSet {
  readonly [jsonName: string]: true | ReadSet;
}

/**
 * The schema cut down to `read`: every other field is skipped unread by the decoder, its bytes
 * never materialised. A name the schema does not have is an error (a reader asking for a field
 * the table lacks must add it to the table).
 */
export function pruned(schema: MessageSchema, read: ReadSet): MessageSchema {
  const defs: Record<string, FieldDef> = {};
  const found = new Set<string>();
  for (const f of schema.fields) {
    if (f.inline && f.message) {
      const inner: Record<string, true | ReadSet> = {};
      for (const key of Object.keys(read))
        if (f.message.byName.has(key) || hasInline(f.message, key)) {
          inner[key] = read[key] as true | ReadSet;
          found.add(key);
        }
      if (Object.keys(inner).length > 0)
        defs[f.name] = { ...defOf(f), message: pruned(f.message, inner) };
      continue;
    }
    const want = read[f.name];
    if (want === undefined) continue;
    found.add(f.name);
    defs[f.name] =
      want === true || f.message === undefined
        ? defOf(f)
        : { ...defOf(f), message: pruned(f.message, want) };
  }
  for (const key of Object.keys(read))
    if (!found.has(key)) throw new Error(`${schema.name} has no field ${key} in the table`);
  return message(schema.name, defs);
}

function hasInline(schema: MessageSchema, key: string): boolean {
  return schema.fields.some(
    (f) => f.inline && f.message !== undefined && f.message.byName.has(key),
  );
}

function defOf(f: Field): FieldDef {
  return {
    no: f.no,
    type: f.type,
    repeated: f.repeated,
    omitEmpty: f.omitEmpty,
    inline: f.inline,
    ...(f.message ? { message: f.message } : {}),
    ...(f.mapValue ? { mapValue: f.mapValue } : {}),
  };
}
