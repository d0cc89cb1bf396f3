import { describe, expect, it } from 'vitest';
import { hasNoSavedLayout } from './saved-layouts-probe';

describe('hasNoSavedLayout', () => {
  it('is true only for an empty object', () => {
    expect(hasNoSavedLayout('{}')).toBe(true);
    expect(hasNoSavedLayout(' { }\n')).toBe(true);
    expect(hasNoSavedLayout('{"LR":{"key":"k","positions":{}}}')).toBe(false);
    expect(hasNoSavedLayout('[]')).toBe(false);
    expect(hasNoSavedLayout('null')).toBe(false);
  });

  it('says false when in doubt: no answer (an error answer, no network), a body that is not JSON', () => {
    expect(hasNoSavedLayout(undefined)).toBe(false);
    expect(hasNoSavedLayout('{')).toBe(false);
  });
});
