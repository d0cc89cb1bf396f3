import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { readTodoList, type TodoList } from '@planvas/shared';
import { writeFileAtomic } from '../../workspace/atomic-write';
import { isMissing } from '../../workspace/safe-path';

/**
 * `todos.json` of a todo_task step in the run's execution folder (docs/formats.md "Todo
 * list"). Each write is atomic (temp + fsync + rename), so the file is always one complete
 * version. Saves are coalesced and spaced at least `minIntervalMs` apart: only the newest list is
 * written, so a fast run does not serialise a big list after every change (the event log, which
 * has every change, is the record; todos.json is the step's working state). flush() writes the
 * newest list at once and waits for it (end of a step, a failure, a cancel, a human question).
 */
export class TodoFile {
  private latest: TodoList | undefined;
  private writing: Promise<void> | undefined;
  private failure: unknown;
  private lastWrite = 0;
  private hurry: (() => void) | undefined;

  constructor(
    readonly path: string,
    private readonly minIntervalMs = 100,
  ) {}

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
        const wait = this.lastWrite + this.minIntervalMs - Date.now();
        if (wait > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, wait);
            this.hurry = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          this.hurry = undefined;
        }
        const list = this.latest;
        if (!list) break;
        this.latest = undefined;
        await writeFileAtomic(this.path, `${JSON.stringify(list, null, 2)}\n`);
        this.lastWrite = Date.now();
      }
    } catch (error) {
      this.failure = error;
    } finally {
      this.writing = undefined;
    }
  }

  async flush(): Promise<void> {
    this.hurry?.();
    while (this.writing) {
      this.hurry?.();
      await this.writing;
    }
    if (this.failure) {
      const error = this.failure;
      this.failure = undefined;
      throw error;
    }
  }
}
