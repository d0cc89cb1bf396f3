export * from './workflow-management';
