export * from './schema';
export * from './read-step-config';
export * from './llm-resolution';
export * from './checks';
