// CPU time from /proc: what an open cost Chromium and the server, and when Chromium has settled after opening a page.
import { readdir, readFile } from 'node:fs/promises';

/**
 * CPU time so far, in ms, of the processes whose command line contains each marker, in the order
 * of `markers` (one reading of /proc for all of them), or null where /proc cannot tell.
 */
export async function cpuMsOf(markers: readonly string[]): Promise<number[] | null> {
  try {
    const totals = markers.map(() => 0);
    for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
      try {
        const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
        const index = markers.findIndex((marker) => cmdline.includes(marker));
        if (index < 0) continue;
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        totals[index]! += (Number(fields[11]) + Number(fields[12])) * 10;
      } catch {
        // the process ended meanwhile
      }
    }
    return totals;
  } catch {
    return null;
  }
}

/** Chromium's CPU time so far (all its processes), or null where /proc cannot tell. */
const chromiumCpuMs = async () => (await cpuMsOf(['chromium']))?.[0] ?? null;

/**
 * Waits until the browser has settled after opening a page. Chromium 156 spends ~1.5 s of CPU on
 * every new window's own UI (its omnibox popup is a WebUI page with a renderer of its own), measured
 * here at 1.1-2.9 s of CPU within 1.5 s of newPage(). A navigation started meanwhile would measure
 * that window's start-up too, on two cores taking the CPU the page's worker needs. A user opening a
 * deep link in their browser has no such window starting: each measured open starts once Chromium
 * has used under 20 ms of CPU in 300 ms (at most 5 s; 2.5 s where /proc cannot tell).
 */
export async function settle(): Promise<void> {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const deadline = Date.now() + 5000;
  const first = await chromiumCpuMs();
  if (first === null) return void (await sleep(2500));
  let last: number = first;
  while (Date.now() < deadline) {
    await sleep(300);
    const now: number = (await chromiumCpuMs()) ?? last;
    if (now - last < 20) return;
    last = now;
  }
}
