import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { readTodoList, type TodoList } from '@planvas/shared';
import { writeFileAtomic } from '../workspace/atomic-write';
import { isMissing } from '../workspace/safe-path';

/**
 * `todos.json` of a todo_task step in the run's execution folder (seed 001 "Todo File
 * Structure"). Each write is atomic (temp + fsync + rename), so the file is always one complete
 * version. Saves are coalesced: while a write is in flight only the newest list is kept for the
 * next one, so a fast run writes the file a few times per burst instead of once per change;
 * flush() waits until the newest list is on disk (end of a step, a failure, a cancel).
 */
export class TodoFile {
  private latest: TodoList | undefined;
  private writing: Promise<void> | undefined;
  private failure: unknown;

  constructor(readonly path: string) {}

  async load(): Promise<TodoList | undefined> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    try {
      const read = readTodoList(JSON.parse(text));
      return read.ok ? read.list : undefined;
    } catch {
      // An unreadable todos.json (hand-edited, or another tool's) is not trusted; the step starts fresh.
      return undefined;
    }
  }

  save(list: TodoList): void {
    this.latest = list;
    this.writing ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      await mkdir(dirname(this.path), { recursive: true });
      while (this.latest) {
        const list = this.latest;
        this.latest = undefined;
        await writeFileAtomic(this.path, `${JSON.stringify(list, null, 2)}\n`);
      }
    } catch (error) {
      this.failure = error;
    } finally {
      this.writing = undefined;
    }
  }

  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.failure) {
      const error = this.failure;
      this.failure = undefined;
      throw error;
    }
  }
}
