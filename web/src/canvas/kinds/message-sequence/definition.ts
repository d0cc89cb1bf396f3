import { MessagesSquare } from 'lucide-react';
import { delegatingContent } from '../../parts/delegating-content';
import { stepDefinition } from '../step-definition';

export const messageSequenceDefinition = stepDefinition({ kind: 'message_sequence', label: 'Message sequence', icon: MessagesSquare, content: delegatingContent });
