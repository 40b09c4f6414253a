export { ProtobufError, ProtoReader, ProtoWriter } from './wire.js';
export {
  message,
  pruned,
  type Field,
  type FieldDef,
  type FieldType,
  type MapValueType,
  type MessageSchema,
  type ReadSet,
} from './schema.js';
export { decodeMessage } from './decode.js';
export { encodeMessage } from './encode.js';
export {
  FrameReader,
  MAGIC,
  PROTOBUF_MEDIA_TYPE,
  readIdentity,
  readWatchEvent,
  unwrap,
  watchEventFrame,
  watchFrame,
  wrap,
  type Unwrapped,
} from './envelope.js';
export { listMetaInHead, listParts, readList, type ListMeta } from './list.js';
export {
  PROTOBUF_KINDS,
  protobufKindNamed,
  protobufKindOf,
  type ProtobufKind,
} from './kubernetes/kinds.js';
export { OBJECT_META, STATUS } from './kubernetes/meta.js';
export { READ_SETS, readSchemaOf } from './read-sets.js';
