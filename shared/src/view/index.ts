export * from './view-settings';
export * from './workspace-settings';
