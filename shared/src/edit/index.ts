// The public editing API. Helpers shared between these modules (copy-on-write paths, insertion
// and validation internals) stay private to the folder.
export type { PlanDocument, EditFailure, EditSuccess, EditResult } from './document';
export { slugify, uniqueId, stepIdFromTitle, stepIdProblem, routeIdProblem, uniqueRouteId } from './ids';
export { findStep, stepIdsOf, idsWithin } from './locate';
export { createStep, type CreateStepOptions, type NewRouteOptions } from './create-step';
export { addStep, type InsertAt } from './insert';
export { connect, disconnect, checkConnection, type Connection } from './connect';
export { deleteSteps, findReferences, successorsAfterDeleting, type StepReference, type RelinkMode, type DeleteStepsOptions } from './delete';
export { updateStep, type StepPatch, type StepUpdater } from './update-step';
export { renameStepId } from './rename';
export {
  addRoute,
  removeRoute,
  renameRoute,
  moveRoute,
  updateRoute,
  setSubAgentStep,
  setGenericAgent,
  type AnyRoute,
  type RoutePatch,
  type RouteUpdater,
  type AddRouteOptions,
} from './routes';
export { setAgentConfig, removeAgentConfigField, agentConfigsOf, type AgentConfigPatch } from './agent-config';
export { copySteps, pasteSteps, duplicateSteps, ClipboardPayload, CLIPBOARD_FORMAT, type PasteResult } from './clipboard';
export { learnCodeEligibility, type LearnCodeEligibility, type LearnCodeRequirement } from './learn-code';
export { editReasons } from './reasons';
export { addItem, removeItem, moveItem, updateItem, setItemType, newItem, type ItemList } from './items';
