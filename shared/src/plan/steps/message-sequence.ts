import type { z } from 'zod';
import { delegatingStepFields, type WithRoutes } from './delegating';
import { itemChecks } from './item-checks';
import { goesOn, kindSchema } from './kind-schema';
import type { StepKindSpec } from './kind-spec';

const MessageSequenceStepFields = kindSchema('message_sequence', delegatingStepFields);

/** One agent conversation fed its items (user messages, prevalidations, foreach loops, scripts) in order. */
export type MessageSequenceStep = WithRoutes<z.infer<typeof MessageSequenceStepFields>>;

export const messageSequenceKind: StepKindSpec<MessageSequenceStep, 'message_sequence'> = {
  kind: 'message_sequence',
  label: 'Message Sequence',
  schema: MessageSequenceStepFields,
  generations: ['loop', 'agentworks', 'agent'],
  renamedIn: { agent: 'agent' },
  requiredFields: { loop: ['title', 'description'], agentworks: ['title', 'description'], agent: ['title', 'description'] },
  routes: { field: 'predefined_routes', delegating: true },
  create: ({ common }) => ({ type: 'message_sequence', ...common, items: [{ id: 'item-1', type: 'user_message', message: '' }] }),
  ...goesOn,
  check: (step, context) => itemChecks(step, context, { atLeastOne: true }),
};
