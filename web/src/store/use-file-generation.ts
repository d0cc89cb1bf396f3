import { useMemo } from 'react';
import { detectGeneration, GENERATIONS, KNOWN_STEP_TYPES, kindOffer, type Generation, type KindOffer, type StepKind } from '@planvas/shared';
import { useAppStore } from './store-context';

/** The open file's generation (docs/formats.md "Generations"), from its plan; recomputed only when the plan changes. */
export function useFileGeneration(): { generation: Generation; label: string } | null {
  const plan = useAppStore((s) => s.document?.plan ?? null);
  return useMemo(() => {
    if (!plan) return null;
    const { generation } = detectGeneration(plan);
    return { generation, label: GENERATIONS[generation].label };
  }, [plan]);
}

export type KindChoice = { kind: StepKind } & KindOffer;

/** Every known kind with whether a new step of it fits this file, in palette order. */
export function kindChoices(generation: Generation): KindChoice[] {
  return KNOWN_STEP_TYPES.map((kind) => ({ kind, ...kindOffer(kind, generation) }));
}
