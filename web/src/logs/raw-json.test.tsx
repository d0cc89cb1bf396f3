import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatSize, RawJson, RAW_JSON_LIMIT } from './raw-json';

afterEach(() => vi.unstubAllGlobals());

describe('RawJson', () => {
  it('serialises nothing until opened, then shows the whole JSON of a small payload', async () => {
    const user = userEvent.setup();
    const value = { seq: 3, type: 'todo_task_item_created', data: { title: 'Survey' } };
    const toJSON = vi.fn(() => value);
    render(<RawJson value={{ toJSON }} />);
    expect(toJSON).not.toHaveBeenCalled();
    expect(screen.queryByTestId('raw-json')).toBeNull();
    await user.click(screen.getByRole('button', { name: /View Raw JSON/ }));
    expect(screen.getByRole('button', { name: /View Raw JSON/ })).toHaveAttribute('aria-expanded', 'true');
    expect(JSON.parse(screen.getByTestId('raw-json').textContent ?? '')).toEqual(value);
    expect(screen.queryByTestId('raw-json-truncated')).toBeNull();
    await user.click(screen.getByRole('button', { name: /View Raw JSON/ }));
    expect(screen.queryByTestId('raw-json')).toBeNull();
  });

  it('cuts a large payload and offers the full JSON as a download', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    // jsdom has no object URLs: a double of the browser's URL.createObjectURL records the Blob.
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:planvas/full-json';
    });
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const big = { seq: 7, data: { result: 'x'.repeat(300_000) } };
    const { unmount } = render(<RawJson value={big} fileName="event-7" />);
    await user.click(screen.getByRole('button', { name: /View Raw JSON/ }));
    const shown = screen.getByTestId('raw-json').textContent ?? '';
    expect(shown.length).toBeLessThanOrEqual(RAW_JSON_LIMIT + 2);
    expect(screen.getByTestId('raw-json-truncated')).toHaveTextContent(
      `Showing the first ${formatSize(RAW_JSON_LIMIT)} of ${formatSize(JSON.stringify(big, null, 2).length)}`,
    );
    const link = screen.getByRole('link', { name: /Download full JSON/ });
    expect(link).toHaveAttribute('href', 'blob:planvas/full-json');
    expect(link).toHaveAttribute('download', 'event-7.json');
    expect(JSON.parse(await blobs[0]!.text())).toEqual(big);
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:planvas/full-json');
  });

  it('says so instead of throwing on a value JSON cannot hold', async () => {
    const user = userEvent.setup();
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    render(<RawJson value={cyclic} />);
    await user.click(screen.getByRole('button', { name: /View Raw JSON/ }));
    expect(screen.getByTestId('raw-json')).toHaveTextContent(/cannot show this value/);
  });
});
