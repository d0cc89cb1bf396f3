import { describe, expect, it } from 'vitest';
import { scanJsonShape } from './scan-json-shape';

describe('scanJsonShape', () => {
  it('measures nesting outside strings', () => {
    expect(scanJsonShape('{"a": [1, {"b": "[[[{{"}]}').maxDepth).toBe(3);
    expect(scanJsonShape('"no containers"').maxDepth).toBe(0);
    expect(scanJsonShape(`${'['.repeat(1500)}${']'.repeat(1500)}`).maxDepth).toBe(1500);
    expect(scanJsonShape('{"a\\"[": ["x\\\\", [2]]}').maxDepth).toBe(3);
  });

  it('finds a number JavaScript would spell otherwise, and only that', () => {
    expect(scanJsonShape('{"a": [1, -2, 3.5, 1e+21, 0.001], "s": "1.0"}').unusualNumber).toBe(false);
    for (const n of ['1.0', '1e400', '12345678901234567890', '-0', '1E5', '0.10', '1e21']) {
      expect(scanJsonShape(`{"a": [${n}]}`).unusualNumber).toBe(true);
    }
  });
});
