// ESLint for the whole repository: typescript-eslint (type-aware), import cycles, and the
// boundaries between packages and between the web app's folders (web/CONTEXT.md).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** The web app's layers, lowest first (web/CONTEXT.md): a folder may import only those before it. The one list, also read by web/src/architecture.test.ts. */
const WEB_LAYERS = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'web/layers.json'), 'utf8'));

/**
 * One zone per layer: its files may not import the layers above it. A step kind's folder
 * (canvas/kinds/<kind>/) is one folder whose files take the layer of their role: definition.ts is
 * `flow`, fields.tsx is `forms` (web/CONTEXT.md "A step kind is one folder").
 */
function webLayerZones() {
  const zones = [];
  WEB_LAYERS.forEach((layer, index) => {
    const above = WEB_LAYERS.slice(index + 1);
    if (above.length === 0) return;
    zones.push({
      // A kind's fields.tsx sits in canvas/kinds but is a forms file (checked below).
      target: layer === 'canvas' ? './web/src/canvas/**/!(*.test|fields).{ts,tsx}' : `./web/src/${layer}/**/!(*.test).{ts,tsx}`,
      // flow/definitions.ts collects the kinds' definition.ts from canvas/kinds (checked below as flow files).
      from: above.filter((folder) => !(layer === 'flow' && folder === 'canvas')).map((folder) => `./web/src/${folder}`),
      message: `web/CONTEXT.md: ${layer}/ may not import a layer above it.`,
    });
  });
  // A kind's definition is flow: nothing above flow; its fields are forms: nothing above forms.
  zones.push({
    target: './web/src/canvas/kinds/*/definition.ts',
    from: WEB_LAYERS.slice(WEB_LAYERS.indexOf('flow') + 1)
      .filter((f) => f !== 'canvas')
      .map((f) => `./web/src/${f}`),
    message: "A kind's definition.ts is in the flow layer (web/CONTEXT.md).",
  });
  zones.push({
    target: './web/src/canvas/kinds/*/fields.tsx',
    from: WEB_LAYERS.slice(WEB_LAYERS.indexOf('forms') + 1).map((f) => `./web/src/${f}`),
    message: "A kind's fields.tsx is in the forms layer (web/CONTEXT.md).",
  });
  // Test helpers are for tests only.
  zones.push({ target: './web/src/**/!(*.test).{ts,tsx}', from: './web/src/test', message: 'web/src/test holds test helpers: only tests import them.' });
  return zones;
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'e2e/test-results/**',
      'e2e/screenshots/**',
      '.planvas/**',
      'bench-results/**',
      '**/*.d.ts',
      '**/vite.config.ts',
      '**/vitest.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // no-cycle reads the imported files with this parser; without it TypeScript files are skipped silently.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // Type-aware rules that catch real bugs here: a forgotten await loses errors and ordering.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportDeclaration[source.value=/FORMATS\\.md|\\.\\.\\/shared\\//]', message: 'The repository does not depend on documents outside it.' },
      ],
    },
  },
  {
    // Tests read JSON answers loosely; shipped code may not.
    files: ['**/*.test.{ts,tsx}', '**/test-support/**/*.ts', 'web/src/test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Node scripts (.mjs) run outside any bundler.
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly' } },
  },
  {
    // Playwright fixtures must destructure their (unused) first argument: `async ({}, use) => …`.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Package boundaries: shared is pure (no framework, no I/O); server and web never import each other.
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/**/*.test.ts', 'shared/src/test-support/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@planvas/server', '@planvas/web', 'react', 'react-dom', 'fastify', 'node:*', 'fs', 'path'],
              message: 'shared/ is pure: no framework, no I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@planvas/web', 'react', 'react-dom', '@xyflow/*'], message: 'The server does not depend on the web app.' }] },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@planvas/server', 'fastify', 'node:*'], message: 'The web app runs in the browser: no server code, no Node modules.' }] },
      ],
      'import-x/no-restricted-paths': ['error', { zones: webLayerZones() }],
    },
  },
);
