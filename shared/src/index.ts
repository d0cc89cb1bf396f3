export * from './errors';
export * from './plan';
export * from './step-config';
export * from './todos';
export * from './json-format';
export * from './events';
export * from './view';
export * from './edit';
