import { Split } from 'lucide-react';
import type { BranchData } from '../../../flow/node-data';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

/** Room for the question, and one more line when the branch is value-driven (value_path and its cases). */
const content = (data: BranchData) => ({ width: 290, height: data.step.value_path?.trim() || data.step.route_source_file?.trim() ? 150 : 118 });

/** The palette's tooltip. */
const hint = 'Picks a route by a value it reads, else by its question';

export const branchDefinition = stepDefinition({ kind: 'branch', label: 'Branch', hint, icon: Split, content });
