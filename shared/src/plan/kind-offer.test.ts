import { describe, expect, it } from 'vitest';
import { KNOWN_STEP_TYPES } from './step-kind-names';
import { kindOffer } from './step-kinds';

const offered = (generation: Parameters<typeof kindOffer>[1]) => KNOWN_STEP_TYPES.filter((kind) => kindOffer(kind, generation).offered);

describe('kindOffer (what the palette offers per generation)', () => {
  it('offers each generation the kinds its loader accepts under the names its writers use', () => {
    expect(offered('seed')).toEqual(['regular', 'todo_task', 'routing', 'human_input', 'orchestration', 'conditional', 'decision']);
    expect(offered('loop')).toEqual(['regular', 'todo_task', 'message_sequence', 'routing', 'human_input']);
    expect(offered('agentworks')).toEqual(['regular', 'orchestrator', 'message_sequence', 'routing', 'branch', 'human_input', 'crew']);
    expect(offered('agent')).toEqual(['regular', 'agent', 'routing', 'branch', 'human_input', 'crew']);
  });

  it('says why a kind is not offered', () => {
    expect(kindOffer('todo_task', 'agentworks')).toEqual({
      offered: false,
      reason: 'agentworks (Oct 2026) writes Todo Task steps as "orchestrator"; add Orchestrator instead',
    });
    expect(kindOffer('crew', 'seed')).toMatchObject({ offered: false, reason: expect.stringContaining('came with agentworks (Oct 2026)') });
    expect(kindOffer('conditional', 'loop')).toMatchObject({ offered: false, reason: expect.stringContaining('no longer accepts Conditional') });
  });
});
