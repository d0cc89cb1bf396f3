import { describe, expect, it } from 'vitest';
import { followWorkflowChanges, type ChangesEventSource, type WorkflowChangeEvent } from './changes-stream';

class FakeSource implements ChangesEventSource {
  closed = false;
  readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

describe('followWorkflowChanges', () => {
  it('turns ready and change frames into events and stops on close', () => {
    let source: FakeSource | undefined;
    const seen: WorkflowChangeEvent[] = [];
    const close = followWorkflowChanges(
      '/api/workflows/W/changes',
      (e) => seen.push(e),
      (url) => (source = new FakeSource(url)),
    );
    expect(source!.url).toBe('/api/workflows/W/changes');
    source!.emit('ready', JSON.stringify({ workflowId: 'W', planRevision: 'p1', stepConfigRevision: null }));
    source!.emit('change', JSON.stringify({ workflowId: 'W', document: 'plan', revision: 'p2', origin: 'planvas', clientId: 'tab-1' }));
    source!.emit('change', JSON.stringify({ workflowId: 'W', document: 'step_config', revision: null, deleted: true, origin: 'disk' }));
    source!.emit('change', 'not json');
    source!.emit('change', JSON.stringify({ workflowId: 'W', document: 'other' }));
    close();
    source!.emit('change', JSON.stringify({ workflowId: 'W', document: 'plan', revision: 'p3', origin: 'disk' }));
    expect(source!.closed).toBe(true);
    expect(seen).toEqual([
      { type: 'ready', workflowId: 'W', planRevision: 'p1', stepConfigRevision: null },
      { type: 'change', workflowId: 'W', document: 'plan', revision: 'p2', origin: 'planvas', clientId: 'tab-1' },
      { type: 'change', workflowId: 'W', document: 'step_config', revision: null, deleted: true, origin: 'disk' },
    ]);
  });
});
