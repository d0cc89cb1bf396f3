import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const size = Number(process.argv[2] ?? 1000);
const data = JSON.parse(readFileSync(`/tmp/prof/big-${size}.json`, 'utf8'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
for (const engine of ['elk', 'dagre', 'elk', 'dagre']) {
  const page = await browser.newPage();
  await page.addInitScript('globalThis.__name = (f) => f;');
  await page.goto('about:blank');
  // elk.bundled.js is CommonJS-ish; give it a module object.
  if (engine === 'elk') { await page.addScriptTag({ content: 'var module = { exports: {} }; var exports = module.exports;' }); await page.addScriptTag({ path: '/work/main/web/node_modules/elkjs/lib/elk.bundled.js' }); }
  else await page.addScriptTag({ path: '/work/main/web/node_modules/@dagrejs/dagre/dist/dagre.min.js' });
  const times = await page.evaluate(async ({ engine, data }) => {
    const out: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      if (engine === 'elk') {
        const ELK = (window as any).module.exports;
        const elk = (window as any).__elk ??= new ELK();
        await elk.layout(JSON.parse(JSON.stringify(data.elk)));
      } else {
        const dagre = (window as any).dagre;
        const g = new dagre.graphlib.Graph({ multigraph: true });
        g.setGraph({ rankdir: 'LR', nodesep: 44, ranksep: 110, edgesep: 14 });
        g.setDefaultEdgeLabel(() => ({}));
        for (const n of data.input.nodes) g.setNode(n.id, { width: n.width, height: n.height });
        for (const e of data.input.edges) g.setEdge(e.source, e.target, {}, e.id);
        dagre.layout(g);
      }
      out.push(Math.round(performance.now() - t));
    }
    return out;
  }, { engine, data });
  console.log(engine.padEnd(6), 'main thread, runs 1-3 in one page:', times.join(' '));
  await page.close();
}
await browser.close();
