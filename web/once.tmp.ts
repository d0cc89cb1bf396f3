import ELK from 'elkjs/lib/elk.bundled.js';
import { readFileSync } from 'node:fs';
import { layout } from './src/layout/elk-layout';
const input = JSON.parse(readFileSync('/tmp/prof/input-1000-LR.json', 'utf8'));
const elk = new ELK();
const runs = Number(process.argv[2] ?? 1);
for (let i = 0; i < runs; i++) { const t = performance.now(); await layout(input.nodes, input.edges, 'LR', elk); console.log(' 1000-step layout', i, Math.round(performance.now() - t)); }
