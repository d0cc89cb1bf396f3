import { describe, expect, it } from 'vitest';
import { checkWorkflowId, isSafeSegment } from './safe-path';

describe('checkWorkflowId: lengths', () => {
  it('a folder name of 255 bytes (UTF-8) is fine, one of 256 is not', () => {
    expect(checkWorkflowId(`Team/${'x'.repeat(255)}`).ok).toBe(true);
    expect(checkWorkflowId(`Team/${'日'.repeat(85)}`).ok).toBe(true); // 255 bytes
    expect(checkWorkflowId(`Team/${'x'.repeat(256)}`).ok).toBe(false);
    expect(checkWorkflowId(`Team/${'日'.repeat(86)}`).ok).toBe(false); // 258 bytes in 86 characters
    expect(isSafeSegment('x'.repeat(300))).toBe(false);
  });

  it('the whole id is at most 1024 bytes', () => {
    const segment = 'x'.repeat(200);
    expect(checkWorkflowId(Array(5).fill(segment).join('/')).ok).toBe(true); // 1004 bytes
    expect(checkWorkflowId(Array(6).fill(segment).join('/')).ok).toBe(false);
    expect(checkWorkflowId(Array(5).fill('é'.repeat(100)).join('/')).ok).toBe(true); // 1004 bytes
    expect(checkWorkflowId(Array(6).fill('é'.repeat(100)).join('/')).ok).toBe(false);
  });
});

describe('checkWorkflowId: characters that hide or reorder what a name says', () => {
  it.each([
    ['C0 control', 'a\u0001b'],
    ['tab', 'a\tb'],
    ['newline', 'Workflow/a\nb'],
    ['DEL', 'a\u007fb'],
    ['C1 control (NEL)', 'a\u0085b'],
    ['C1 control (CSI)', 'a\u009bb'],
    ['right-to-left override', 'invoice\u202Efdp.json'],
    ['left-to-right embedding', 'a\u202Ab'],
    ['pop directional formatting', 'a\u202Cb'],
    ['first strong isolate', 'a\u2068b'],
    ['pop directional isolate', 'a\u2069b'],
    ['left-to-right isolate', 'a\u2066b'],
    ['left-to-right mark', 'a\u200Eb'],
    ['right-to-left mark', 'a\u200Fb'],
    ['Arabic letter mark', 'a\u061Cb'],
    ['zero-width space', 'Work\u200Bflow/x'],
    ['zero-width non-joiner', 'a\u200Cb'],
    ['zero-width joiner', 'a\u200Db'],
    ['byte order mark', '\uFEFFWorkflow'],
    ['word joiner', 'a\u2060b'],
  ])('%s: refused with a reason', (_name, id) => {
    const check = checkWorkflowId(id);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(/character/);
  });

  it('letters of any script are fine', () => {
    for (const id of ['Ünïcode/Flow', 'تقرير/خطة', '日本語/計画', 'Ελληνικά']) expect(checkWorkflowId(id).ok, id).toBe(true);
  });
});

describe('checkWorkflowId: Unicode normalisation', () => {
  it('answers the NFC form of the id and its folder names', () => {
    const nfd = 'Cafe\u0301/Flo\u0308w';
    const check = checkWorkflowId(nfd);
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect(check.id).toBe('Caf\u00e9/Fl\u00f6w');
      expect(check.segments).toEqual(['Caf\u00e9', 'Fl\u00f6w']);
    }
  });
});
