export * from './app-state';
export * from './app-store';
export * from './store-context';
export * from './document-slice';
export * from './view-slice';
export * from './selection-slice';
export * from './workspace-slice';
