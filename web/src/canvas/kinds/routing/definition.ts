import { Signpost } from 'lucide-react';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

/** The palette's tooltip. */
const hint = 'Picks one of several next steps';

export const routingDefinition = stepDefinition({ kind: 'routing', label: 'Routing', hint, icon: Signpost, content: { width: 280, height: 110 } });
