import { MessageCircleQuestionMark } from 'lucide-react';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

export const humanInputDefinition = stepDefinition({
  kind: 'human_input',
  label: 'Human input',
  hint: 'Asks a person',
  icon: MessageCircleQuestionMark,
  content: { width: 260, height: 132 },
});
