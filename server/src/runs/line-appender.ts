import { mkdir, realpath, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { OPEN_APPEND_READ, ensureDirInside, openInside } from './confined-fs';

/**
 * Appends lines to a JSON Lines file the way the seed system's Go writer leaves it: lines joined
 * by `\n` and no trailing newline. A line is preceded by `\n` when the file already has content
 * that does not end with one, so appending always keeps every line separate and the file valid.
 * Appends queued while a sync is in flight go out together (one write, one fdatasync).
 * The file is created and opened only inside `root` and never through a symlink (confined-fs);
 * without a root, the file's own folder (created if missing) is the root.
 */
export class LineAppender {
  private handle: FileHandle | undefined;
  private endsWithNewline = true;
  private empty = true;
  private queue: Array<{ line: string; resolve: () => void; reject: (e: unknown) => void }> = [];
  private draining = false;

  constructor(
    readonly path: string,
    private readonly root?: string,
  ) {}

  append(line: string): Promise<void> {
    if (line.includes('\n')) return Promise.reject(new Error('a JSON Lines entry must not contain a newline'));
    return new Promise((resolve, reject) => {
      this.queue.push({ line, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async ensureOpen(): Promise<FileHandle> {
    if (this.handle) return this.handle;
    let root: string;
    if (this.root === undefined) {
      await mkdir(dirname(this.path), { recursive: true });
      root = await realpath(dirname(this.path));
    } else {
      root = await realpath(this.root);
      await ensureDirInside(root, dirname(this.path));
    }
    const handle = await openInside(root, this.path, OPEN_APPEND_READ);
    const { size } = await handle.stat();
    this.empty = size === 0;
    if (size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      this.endsWithNewline = last[0] === 0x0a;
    }
    this.handle = handle;
    return handle;
  }

  private async drain(): Promise<void> {
    this.draining = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0);
      try {
        const handle = await this.ensureOpen();
        let text = '';
        for (const { line } of batch) {
          text += this.empty || this.endsWithNewline ? line : `\n${line}`;
          this.empty = false;
          this.endsWithNewline = false;
        }
        await handle.write(text);
        await handle.datasync();
        for (const b of batch) b.resolve();
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
    this.draining = false;
  }

  async close(): Promise<void> {
    while (this.draining || this.queue.length > 0) await new Promise((r) => setTimeout(r, 1));
    await this.handle?.close();
    this.handle = undefined;
  }
}
