import { z } from 'zod';
import { NextStepId, StepBase, optional } from '../common';
import { Route } from '../route';
import { delegatingStepFields } from './delegating';
import { itemChecks } from './item-checks';
import { nextTarget, type StepKindSpec } from './kind-spec';

const MessageSequenceStepBase = StepBase.extend({
  type: z.literal('message_sequence'),
  ...delegatingStepFields,
  next_step_id: NextStepId,
});

/** One agent conversation fed its items (user messages, prevalidations, foreach loops, scripts) in order. */
export type MessageSequenceStep = z.infer<typeof MessageSequenceStepBase> & { predefined_routes?: Route[] | null };
export const MessageSequenceStep: z.ZodType<MessageSequenceStep> = MessageSequenceStepBase.extend({
  predefined_routes: optional(z.array(z.lazy(() => Route))),
});

export const messageSequenceKind: StepKindSpec<MessageSequenceStep, 'message_sequence'> = {
  kind: 'message_sequence',
  label: 'Message Sequence',
  schema: MessageSequenceStep,
  generations: ['loop', 'agentworks', 'agent'],
  renamedIn: { agent: 'agent' },
  requiredFields: { loop: ['title', 'description'], agentworks: ['title', 'description'], agent: ['title', 'description'] },
  routes: { field: 'predefined_routes', delegating: true },
  create: ({ common }) => ({ type: 'message_sequence', ...common, items: [{ id: 'item-1', type: 'user_message', message: '' }] }),
  outputs: () => [{ kind: 'next', handle: 'next' }],
  targets: nextTarget,
  check: (step, context) => itemChecks(step, context, { atLeastOne: true }),
};
