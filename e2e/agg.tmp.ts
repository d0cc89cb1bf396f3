import { readFileSync } from 'node:fs';
const profile = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
const parent = new Map<number, number>();
const byId = new Map<number, any>();
for (const n of profile.nodes) { byId.set(n.id, n); for (const c of n.children ?? []) parent.set(c, n.id); }
const incl = new Map<string, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const dt = (profile.timeDeltas[i] ?? 0) / 1000;
  const seen = new Set<string>();
  let id: number | undefined = profile.samples[i];
  while (id !== undefined) { const cf = byId.get(id).callFrame; const k = `${cf.functionName || '(anon)'}:${cf.lineNumber + 1}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + dt); } id = parent.get(id); }
}
const want = process.argv.slice(3);
for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).filter(([k]) => want.length === 0 || want.some((w) => k.startsWith(w + ':'))).slice(0, 70)) console.log(Math.round(v).toString().padStart(6), k);
