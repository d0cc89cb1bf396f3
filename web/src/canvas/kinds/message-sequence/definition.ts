import { MessagesSquare } from 'lucide-react';
import { delegatingContent } from '../../../flow/kind-parts/delegating-content';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

export const messageSequenceDefinition = stepDefinition({
  kind: 'message_sequence',
  label: 'Message sequence',
  hint: 'One conversation fed its items in order',
  icon: MessagesSquare,
  content: delegatingContent,
});
