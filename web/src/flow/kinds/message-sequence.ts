import { MessagesSquare } from 'lucide-react';
import { delegatingContent } from './delegating-content';
import { stepDefinition } from './step-definition';

export const messageSequenceDefinition = stepDefinition({ kind: 'message_sequence', label: 'Message sequence', hint: 'One conversation fed its items in order', icon: MessagesSquare, content: delegatingContent });
