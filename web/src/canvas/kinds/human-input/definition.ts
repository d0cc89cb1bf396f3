import { MessageCircleQuestionMark } from 'lucide-react';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

/** The palette's tooltip. */
const hint = 'Asks a person';

export const humanInputDefinition = stepDefinition({
  kind: 'human_input',
  label: 'Human input',
  hint,
  icon: MessageCircleQuestionMark,
  content: { width: 260, height: 132 },
});
