import { chromium } from '@playwright/test';
import { mkdir, writeFile, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, extname } from 'node:path';
import { generateBigPlan } from './bench/big-plan';
import { startPlanvas } from './support/planvas-server';
const size = Number(process.argv[2] ?? 1000);
const src = `/tmp/prof/cmp${size}`;
await mkdir(join(src, `Bench/S${size}/planning`), { recursive: true });
await writeFile(join(src, `Bench/S${size}/planning/plan.json`), JSON.stringify(generateBigPlan(size), null, 2));
const server = await startPlanvas({ workspaceSource: src });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const types: Record<string,string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };
for (let round = 0; round < 2; round++) for (const dist of ['/tmp/pvdev', '/tmp/pvproto']) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript('globalThis.__name = (f) => f; window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([e.startTime, e.duration]); }).observe({ type: "longtask", buffered: true });');
  await page.route(`${server.baseURL}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith('/api/')) return route.fallback();
    let file = join(dist, url.pathname);
    if (!existsSync(file) || !extname(url.pathname)) file = join(dist, 'index.html');
    return route.fulfill({ body: await readFile(file), contentType: types[extname(file)] ?? 'application/octet-stream' });
  });
  await page.goto(`${server.baseURL}/`);
  await page.waitForTimeout(4000);
  const t0 = await page.evaluate((id) => { const t = performance.now(); history.pushState(null, '', `/workflows/${encodeURIComponent(id)}`); dispatchEvent(new Event('planvas:navigate')); return t; }, `Bench/S${size}`);
  await page.waitForFunction(() => { const c = document.querySelector('[data-testid=canvas]') as HTMLElement | null; const n = Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node')); return c?.dataset.layoutState === 'ready' && n.length > 0 && n.every((x) => x.style.visibility !== 'hidden') && ((window as any).__t1 ??= performance.now()); }, undefined, { timeout: 120000, polling: 'raf' });
  await page.waitForTimeout(1500);
  const r = await page.evaluate((t0) => { const t1 = (window as any).__t1; const lt = ((window as any).__lt as [number, number][]).filter(([s]) => s >= t0); const ms = Number(document.querySelector<HTMLElement>('[data-testid=canvas]')!.dataset.layoutMs); const after = lt.filter(([s]) => s > t0 + 0); return { open: Math.round(t1 - t0), worker: ms, longest: Math.round(Math.max(0, ...after.map(([, d]) => d))), long: after.map(([s, d]) => `${Math.round(s - t0)}+${Math.round(d)}`).join(' '), dom: document.querySelectorAll('.react-flow__node').length }; }, t0);
  console.log(dist.padEnd(14), JSON.stringify(r));
  await page.close();
}
await browser.close(); await server.cleanup();
