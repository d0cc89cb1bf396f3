export * from './view-settings';
export * from './workspace-settings';
export * from './saved-layout';
