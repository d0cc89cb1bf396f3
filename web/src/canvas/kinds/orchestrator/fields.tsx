import type { OrchestratorStep } from '@planvas/shared';
import { delegatingFields } from '../../../forms/delegating-fields';

export const OrchestratorFields = delegatingFields<OrchestratorStep>({ itemsFirst: false });
