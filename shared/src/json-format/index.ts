export { detectIndent } from './detect-indent';
export { JsonSyntaxError, jsonSyntaxMessages, locateOffset, type JsonLocation } from './json-syntax-error';
export type {
  JsonArrayElement,
  JsonArrayNode,
  JsonNode,
  JsonObjectMember,
  JsonObjectNode,
  JsonScalar,
  JsonScalarNode,
  JsonSource,
} from './json-source';
export { MAX_JSON_DEPTH, parseJsonSource } from './parse-json-source';
export { jsonWriteMessages, stringifyPreserving } from './stringify-preserving';
export { identityKeyOf, pairArrayElements, type IdentityKey } from './array-element-pairing';
