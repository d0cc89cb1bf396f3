export * from './schema';
export * from './status';
export * from './tree';
export * from './progress';
export * from './todo-tools';
