import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The custom properties theme.css gives `:root`, in the light theme and in the dark one (the light values, overridden). */
export type ThemeTokens = { light: Record<string, string>; dark: Record<string, string> };

function declarations(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of block.matchAll(/(--pv-[\w-]+)\s*:\s*([^;]+);/g)) out[m[1]!] = m[2]!.trim();
  return out;
}

/** Reads the tokens out of theme.css' text: the first `:root { … }`, and the `:root { … }` inside `prefers-color-scheme: dark`. */
export function parseThemeTokens(css: string): ThemeTokens {
  const light = /^:root\s*\{([^}]*)\}/m.exec(css);
  const dark = /@media\s*\(prefers-color-scheme:\s*dark\)\s*\{\s*:root\s*\{([^}]*)\}/.exec(css);
  if (!light || !dark) throw new Error('theme.css: no light :root or no dark :root block');
  const lightTokens = declarations(light[1]!);
  return { light: lightTokens, dark: { ...lightTokens, ...declarations(dark[1]!) } };
}

export function readThemeTokens(): ThemeTokens {
  return parseThemeTokens(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../app/theme.css'), 'utf8'));
}
