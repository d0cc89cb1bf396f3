import { randomBytes } from 'node:crypto';

/**
 * The hidden folders a workflow copy is built in (`copy`) and a deleted workflow is moved to
 * before it is removed (`deleted`), beside their places. Named here once: the operations make
 * them, and the start-up sweep recognises what a stopped server left.
 */
export type SetAsidePurpose = 'copy' | 'deleted';

export function setAsideName(purpose: SetAsidePurpose): string {
  return `.planvas-${purpose}-${randomBytes(6).toString('hex')}`;
}

export function isSetAsideName(name: string): boolean {
  return /^\.planvas-(?:copy|deleted)-[0-9a-f]{12}$/.test(name);
}
