import { chromium } from '@playwright/test';
import { mkdir, writeFile, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, extname } from 'node:path';
import { generateBigPlan as generatePlan } from './bench/big-plan';
import { startPlanvas } from './support/planvas-server';
const size = Number(process.argv[2] ?? 1000);
const dist = process.argv[3] ?? '/tmp/pvdev';
const src = '/tmp/prof/ws';
await mkdir(join(src, `Bench/S${size}/planning`), { recursive: true });
await writeFile(join(src, `Bench/S${size}/planning/plan.json`), JSON.stringify(generatePlan(size), null, 2));
const server = await startPlanvas({ workspaceSource: src });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.addInitScript('globalThis.__name = (f) => f;');
const types: Record<string,string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };
await page.route(`${server.baseURL}/**`, async (route) => {
  const url = new URL(route.request().url());
  if (url.pathname.startsWith('/api/')) return route.fallback();
  let file = join(dist, url.pathname);
  if (!existsSync(file) || url.pathname === '/' || !extname(url.pathname)) file = join(dist, 'index.html');
  return route.fulfill({ body: await readFile(file), contentType: types[extname(file)] ?? 'application/octet-stream' });
});
await page.goto(`${server.baseURL}/`);
await page.waitForTimeout(3000);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
const t0 = Date.now();
await page.evaluate((id) => { history.pushState(null, '', `/workflows/${encodeURIComponent(id)}`); dispatchEvent(new Event('planvas:navigate')); }, `Bench/S${size}`);
await page.locator('[data-testid="canvas"][data-layout-state="ready"], [data-testid="canvas"][data-layout-state="fallback"]').waitFor({ timeout: 120000 });
await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node')).every((n) => n.style.visibility !== 'hidden'), undefined, { timeout: 120000 });
const t1 = Date.now();
const { profile } = await cdp.send('Profiler.stop');
console.log('open ms', t1 - t0, 'layout ms', await page.getAttribute('[data-testid=canvas]', 'data-layout-ms'), 'dom nodes', await page.locator('.react-flow__node').count(), 'edges', await page.locator('.react-flow__edge').count());
await writeFile(`/tmp/prof/main-${size}.cpuprofile`, JSON.stringify(profile));
// aggregate self time
const self = new Map<number, number>();
for (let i = 0; i < profile.samples!.length; i++) self.set(profile.samples![i]!, (self.get(profile.samples![i]!) ?? 0) + (profile.timeDeltas![i] ?? 0) / 1000);
const byFn = new Map<string, number>();
let total = 0;
for (const n of profile.nodes) { const t = self.get(n.id) ?? 0; total += t; const cf = n.callFrame; const k = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber + 1}`; byFn.set(k, (byFn.get(k) ?? 0) + t); }
console.log('total sampled ms', Math.round(total));
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(Math.round(v).toString().padStart(6), k);
// window between the layout request and the answer
const byId = new Map<number, any>(); const parent = new Map<number, number>();
for (const n of profile.nodes) { byId.set(n.id, n); for (const c of n.children ?? []) parent.set(c, n.id); }
const stackOf = (id: number) => { const out: string[] = []; let x: number | undefined = id; while (x !== undefined) { const cf = byId.get(x).callFrame; out.push(`${cf.functionName || '(anon)'}:${cf.lineNumber + 1}`); x = parent.get(x); } return out; };
let t = profile.startTime; const times: number[] = [];
for (let i = 0; i < profile.samples!.length; i++) { t += profile.timeDeltas![i]!; times.push(t); }
let postI = -1, ansI = -1;
for (let i = 0; i < profile.samples!.length; i++) { const st = stackOf(profile.samples![i]!).join(' '); if (ansI < 0 && st.includes('toLayoutInput')) postI = i; if (postI >= 0 && ansI < 0 && i > postI && st.includes('w.onmessage')) ansI = i; }
console.log('post sample', postI, 'answer sample', ansI, 'window ms', postI >= 0 && ansI >= 0 ? Math.round((times[ansI]! - times[postI]!) / 1000) : 'n/a');
if (postI >= 0 && ansI >= 0) {
  // busy stretches (consecutive non-idle samples)
  let start = -1; const stretches: Array<[number, number, Map<string, number>]> = [];
  for (let i = postI; i <= ansI; i++) {
    const top = stackOf(profile.samples![i]!); const idle = top[0]!.startsWith('(idle)');
    if (!idle && start < 0) start = i;
    if ((idle || i === ansI) && start >= 0) { const agg = new Map<string, number>(); for (let j = start; j < i; j++) { const st = stackOf(profile.samples![j]!); const key = st.slice(-6, -1).reverse().join(' > ') + ' | ' + st[0]; agg.set(key, (agg.get(key) ?? 0) + 1); } stretches.push([start, i, agg]); start = -1; }
  }
  for (const [a, b, agg] of stretches.filter(([a, b]) => times[b]! - times[a]! > 30000)) {
    console.log('busy', Math.round((times[a]! - times[postI]!) / 1000), '+', Math.round((times[b]! - times[a]!) / 1000), 'ms');
    for (const [k, v] of [...agg].sort((x, y) => y[1] - x[1]).slice(0, 6)) console.log('    ', v, k);
  }
}
await browser.close(); await server.cleanup();
