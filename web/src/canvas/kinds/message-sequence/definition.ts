import { MessagesSquare } from 'lucide-react';
import { delegatingContent } from '../../../flow/kind-parts/delegating-content';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

/** The palette's tooltip. */
const hint = 'One conversation fed its items in order';

export const messageSequenceDefinition = stepDefinition({
  kind: 'message_sequence',
  label: 'Message sequence',
  hint,
  icon: MessagesSquare,
  content: delegatingContent,
});
