import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LegacyPromotion } from '@planvas/shared';
import type { StateStore } from '../state/state-store';
import { WorkspaceRepository, type LegacyMemory } from '../workspace/workspace-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The workflows of the workspace root, as a repository over the real files. */
    workspace: WorkspaceRepository;
  }
}

export const workspacePlugin = fp(
  async function workspacePlugin(app: FastifyInstance, options: { root: string }) {
    app.decorate('workspace', await WorkspaceRepository.open(options.root, legacyMemoryIn(app.state)));
  },
  { name: 'planvas-workspace', dependencies: ['planvas-state'] },
);

function legacyMemoryIn(state: StateStore): LegacyMemory {
  return {
    recall: (id) => state.read().legacyPromotions[id] ?? [],
    remember: (id, promotions: LegacyPromotion[]) =>
      state.update((draft) => {
        const known = draft.legacyPromotions[id] ?? [];
        const key = (p: LegacyPromotion) => p.innerId ?? `@${p.path}`;
        const seen = new Set(known.map(key));
        draft.legacyPromotions[id] = [...known, ...promotions.filter((p) => !seen.has(key(p)))];
      }),
    forget: async (id) => {
      if (!(id in state.read().legacyPromotions)) return;
      await state.update((draft) => {
        delete draft.legacyPromotions[id];
      });
    },
  };
}
