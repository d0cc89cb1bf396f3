// The plans the canvas-layout bench opens: one generated plan per size, written to the workspace in copies per repeat and way of opening.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plan } from '@planvas/shared';
import { generateBigPlan } from '../big-plan';
import { REPEATS, SIZES } from './settings';

/** One generated plan per size of the run. */
export const generatePlans = (): Map<number, Plan> => new Map(SIZES.map((size) => [size, generateBigPlan(size)] as const));

/** Each repeat opens its own copies of a plan, so a first open never finds a layout saved by an earlier one. */
type Copy = 'deeplink' | 'sidebar';
export const workflowIdOf = (size: number, copy: Copy, repeat: number) => `Bench/Steps${size}-${copy}-${repeat}`;
export const pathOf = (workflowId: string) => `/workflows/${encodeURIComponent(workflowId)}`;

const COPIES: Copy[] = ['deeplink', 'sidebar'];

export async function writeWorkspace(dir: string, plans: Map<number, Plan>): Promise<string[]> {
  const ids: string[] = [];
  for (const [size, plan] of plans) {
    const text = `${JSON.stringify(plan, null, 2)}\n`;
    for (let i = 0; i < REPEATS; i++) {
      for (const copy of COPIES) {
        const id = workflowIdOf(size, copy, i);
        await mkdir(join(dir, id, 'planning'), { recursive: true });
        await writeFile(join(dir, id, 'planning', 'plan.json'), text);
        ids.push(id);
      }
    }
  }
  return ids;
}
