import { Signpost } from 'lucide-react';
import { stepDefinition } from '../step-definition';

export const routingDefinition = stepDefinition({ kind: 'routing', label: 'Routing', icon: Signpost, content: { width: 280, height: 110 } });
