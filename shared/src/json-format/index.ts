export { detectIndent } from './detect-indent';
export { JsonSyntaxError, jsonSyntaxMessages } from './json-syntax-error';
export type { JsonSource } from './json-source';
export { JsonKind, JsonTree, type JsonNodeId } from './json-tree';
export { MAX_JSON_DEPTH, parseJsonSource } from './parse-json-source';
export { stringifyPreserving, type StringifyOptions } from './stringify-preserving';
export { JsonDepthError, jsonWriteMessages } from './json-write-error';
export { scanJsonShape, type JsonShape } from './scan-json-shape';
export { jsonEqual } from './json-equal';
