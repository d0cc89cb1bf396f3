import { ownEntry, putEntry } from '../state/own-keys';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LegacyPromotion } from '@planvas/shared';
import type { StateStore } from '../state/state-store';
import type { LegacyMemory } from '../workspace/document-writes';
import { TeamWrites } from '../workspace/team-writes';
import { WorkspaceRepository, type RepositoryOptions } from '../workspace/workspace-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The workflows of the workspace root, as a repository over the real files. */
    workspace: WorkspaceRepository;
  }
}

export const workspacePlugin = fp(
  async function workspacePlugin(app: FastifyInstance, options: { root: string } & RepositoryOptions) {
    const { root, ...repositoryOptions } = options;
    // Team mode: saves of a file by any instance on this workspace run one at a time, and every
    // instance's change streams hear of the others' writes (workspace/team-writes.ts).
    const team = app.database ? new TeamWrites(app.database, (error, what) => app.log.warn({ err: error }, what)) : undefined;
    const workspace = await WorkspaceRepository.open(root, legacyMemoryIn(app.state), { ...repositoryOptions, ...(team ? { locks: team } : {}) });
    if (team) {
      const stopTelling = workspace.onDocumentWritten((written) => team.written(written));
      const stopHearing = await team.follow((written) => workspace.writtenElsewhere(written));
      app.addHook('onClose', async () => {
        stopTelling();
        await stopHearing();
      });
    }
    // Before anything is saved: what saves interrupted by a crash left behind. A workspace where
    // nothing can be removed (read-only) still opens.
    const sweep = await workspace.removeInterruptedSaves();
    if (sweep.removed.length > 0) app.log.info({ files: sweep.removed }, 'removed temp files of interrupted saves');
    for (const { path, error } of sweep.failed) app.log.warn({ err: error, path }, 'could not remove a temp file of an interrupted save');
    app.decorate('workspace', workspace);
  },
  { name: 'planvas-workspace', dependencies: ['planvas-state'] },
);

function legacyMemoryIn(state: StateStore): LegacyMemory {
  return {
    recall: (id) => ownEntry(state.read().legacyPromotions, id) ?? [],
    remember: (id, promotions: LegacyPromotion[]) =>
      state.update((draft) => {
        const known = ownEntry(draft.legacyPromotions, id) ?? [];
        const key = (p: LegacyPromotion) => p.innerId ?? `@${p.path}`;
        const seen = new Set(known.map(key));
        putEntry(draft.legacyPromotions, id, [...known, ...promotions.filter((p) => !seen.has(key(p)))]);
      }),
    forget: async (id) => {
      if (!(id in state.read().legacyPromotions)) return;
      await state.update((draft) => {
        delete draft.legacyPromotions[id];
      });
    },
  };
}
