/** What every kind's inspector fields get: the step, and whether it is in the flow (a route's sub-agent is not). */
export type KindFieldsProps<S> = { step: S; inFlow: boolean };
