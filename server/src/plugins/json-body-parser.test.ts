import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify from 'fastify';
import { MAX_JSON_DEPTH } from '@planvas/shared';
import { describe, expect, it } from 'vitest';
import { appFor, copyFixtureWorkspace, expectApiError, hashTree, readText, workflowUrl } from '../test-support/fixture-workspace';
import { useFixtureApp } from '../test-support/fixture-app';
import { errorHandler } from './error-handler';
import { jsonBodyParser, jsonBodySource } from './json-body-parser';

const fixture = useFixtureApp('each');
const id = 'Workflow/ResearchReport';
const planUrl = workflowUrl(id, '/plan');
const json = { 'content-type': 'application/json' };

async function planNow(): Promise<{ text: string; etag: string }> {
  const res = await fixture.app.inject({ url: planUrl });
  expect(res.statusCode).toBe(200);
  return { text: await readText(fixture.ws.root, id, 'plan.json'), etag: String(res.headers.etag) };
}

function putPlan(payload: string | Buffer, etag: string) {
  return fixture.app.inject({ method: 'PUT', url: planUrl, headers: { ...json, 'if-match': etag }, payload });
}

/** The plan file with the value of one unknown key (`"estimated_minutes": 15`) replaced. */
function withEstimate(text: string, replacement: string): string {
  expect(text).toContain('"estimated_minutes": 15');
  return text.replace('"estimated_minutes": 15', `"estimated_minutes": ${replacement}`);
}

const nestedArrays = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

describe('request bodies are read by the same parser as workspace files', () => {
  it('a 1,500-deep plan: 400 too_deep at $, nothing written, and the plan still opens', async () => {
    const { text, etag } = await planNow();
    const before = await hashTree(fixture.ws.root);
    const res = await putPlan(withEstimate(text, nestedArrays(1500)), etag);
    const error = expectApiError(res, 400, 'too_deep');
    expect(error.details).toEqual([{ path: '$', message: expect.stringContaining(`nested more than ${MAX_JSON_DEPTH} levels`) }]);
    expect(await hashTree(fixture.ws.root)).toEqual(before);
    expect((await fixture.app.inject({ url: planUrl })).statusCode).toBe(200);
    expect((await fixture.app.inject({ url: workflowUrl(id) })).statusCode).toBe(200);
  });

  it('a plan exactly as deep as the limit is saved, and reads back; one level more is refused', async () => {
    const { text, etag } = await planNow();
    // $.steps[i].estimated_minutes is inside three containers (plan, steps, step).
    expectApiError(await putPlan(withEstimate(text, nestedArrays(MAX_JSON_DEPTH - 2)), etag), 400, 'too_deep');
    const body = withEstimate(text, nestedArrays(MAX_JSON_DEPTH - 3));
    const res = await putPlan(body, etag);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().written).toBe(true);
    const written = await readText(fixture.ws.root, id, 'plan.json');
    expect(JSON.parse(written)).toEqual(JSON.parse(body));
    expect((await fixture.app.inject({ url: planUrl })).statusCode).toBe(200);
  });

  it('a step_config the writer would nest deeper than the limit: 400, nothing written', async () => {
    // An array body saved to a file of the object form gains a level ({ steps: body }).
    const url = workflowUrl(id, '/step-config');
    const etag = String((await fixture.app.inject({ url })).headers.etag);
    const before = await hashTree(fixture.ws.root);
    const body = `[{"id": "research-todo", "deep": ${nestedArrays(MAX_JSON_DEPTH - 2)}}]`;
    const res = await fixture.app.inject({ method: 'PUT', url, headers: { ...json, 'if-match': etag }, payload: body });
    expect(expectApiError(res, 400).message).toContain(`nested more than ${MAX_JSON_DEPTH} levels`);
    expect(await hashTree(fixture.ws.root)).toEqual(before);
  });

  it('invalid UTF-8: 400 invalid_utf8 and nothing written', async () => {
    const { text, etag } = await planNow();
    const before = await hashTree(fixture.ws.root);
    const at = text.indexOf('"objective": "') + 14;
    const payload = Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(text.slice(at))]);
    const error = expectApiError(await putPlan(payload, etag), 400, 'invalid_utf8');
    expect(error.details[0]?.path).toBe('$');
    expect(await hashTree(fixture.ws.root)).toEqual(before);
  });

  it('a BOM before the body is skipped, as in files', async () => {
    const { text, etag } = await planNow();
    const res = await putPlan(`\ufeff${text}`, etag);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().written).toBe(false);
  });

  it('malformed JSON is still located by line and column', async () => {
    const { etag } = await planNow();
    const error = expectApiError(await putPlan('\ufeff{\n  "steps": [\n    {"id": "a",}\n  ]\n}', etag), 400, 'malformed_json');
    expect(error.details).toEqual([{ path: '$', message: expect.stringMatching(/Trailing comma .* at line 3, column 15/) }]);
  });
});

describe('what is saved reads back', () => {
  it('a body within the limit may write a bigger file (one value per line), and that file still opens', async () => {
    const bodyLimit = 256 * 1024;
    const ws = await copyFixtureWorkspace();
    const app = await appFor(ws, { bodyLimit });
    try {
      // An empty list in the file, filled by the save with 100,001 numbers: ~200 KB as sent, ~1 MB on disk.
      const planPath = join(ws.root, id, 'planning', 'plan.json');
      const file = (await readText(ws.root, id, 'plan.json')).replace('"context_output": "report.md"', '"context_output": "report.md",\n      "samples": []');
      await writeFile(planPath, file);
      const body = file.replace('"samples": []', `"samples": [${'0,'.repeat(100_000)}0]`);
      expect(Buffer.byteLength(body)).toBeLessThan(bodyLimit);
      const etag = String((await app.inject({ url: planUrl })).headers.etag);
      const saved = await app.inject({ method: 'PUT', url: planUrl, headers: { ...json, 'if-match': etag }, payload: body });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(Buffer.byteLength(await readText(ws.root, id, 'plan.json'))).toBeGreaterThan(bodyLimit * 3);
      expect((await app.inject({ url: planUrl })).statusCode).toBe(200);
    } finally {
      await app.close();
      await ws.cleanup();
    }
  });
});

describe('numbers are written as the body spelled them', () => {
  it('12345678901234567890 and 1e400 reach the disk as spelled', async () => {
    const { text, etag } = await planNow();
    expect(text).toContain('"max_calls_per_run": 4');
    const body = withEstimate(text, '12345678901234567890').replace('"max_calls_per_run": 4', '"max_calls_per_run": 1e400');
    const res = await putPlan(body, etag);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().written).toBe(true);
    expect(await readText(fixture.ws.root, id, 'plan.json')).toBe(body);
  });

  it('a no-op save of a file holding 1e400 and 1.0 writes nothing', async () => {
    const { text } = await planNow();
    const spelled = withEstimate(text, '1e400').replace('"max_calls_per_run": 4', '"max_calls_per_run": 1.0');
    await writeFile(join(fixture.ws.root, id, 'planning', 'plan.json'), spelled);
    const { etag } = await planNow();
    const before = await hashTree(fixture.ws.root);
    const res = await putPlan(spelled, etag);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ written: false, revision: etag.slice(1, -1) });
    expect(await hashTree(fixture.ws.root)).toEqual(before);
  });

  it('a step_config body spells the numbers of its array-form file', async () => {
    const fourSpace = 'Team/Ops/FourSpaceIndent';
    const url = workflowUrl(fourSpace, '/step-config');
    const res = await fixture.app.inject({ url });
    const body = JSON.stringify(res.json())
      .replace('"execution_max_turns":30', '"execution_max_turns":30.0')
      .replace('"use_code_execution_mode":false', '"use_code_execution_mode":false,"budget":1e400');
    expect(body).toContain('30.0');
    const saved = await fixture.app.inject({ method: 'PUT', url, headers: { ...json, 'if-match': String(res.headers.etag) }, payload: body });
    expect(saved.statusCode, saved.body).toBe(200);
    const text = await readText(fixture.ws.root, fourSpace, 'step_config.json');
    expect(text).toContain('\t\t\t"execution_max_turns": 30.0,\n');
    expect(text).toContain('\t\t\t"use_code_execution_mode": false,\n\t\t\t"budget": 1e400\n');
  });
});

describe('jsonBodySource', () => {
  it('gives the parse of an object or array body, and nothing for other values', async () => {
    const app = Fastify();
    await app.register(errorHandler);
    await app.register(jsonBodyParser);
    app.post('/echo', async (request) => ({ text: jsonBodySource(request.body)?.text ?? null, hasBom: jsonBodySource(request.body)?.hasBom ?? null }));
    const post = async (payload: string) => (await app.inject({ method: 'POST', url: '/echo', headers: json, payload })).json();
    expect(await post('{"n": 1.0}')).toEqual({ text: '{"n": 1.0}', hasBom: false });
    expect(await post('[1e400]')).toEqual({ text: '[1e400]', hasBom: false });
    expect(await post('12.50')).toEqual({ text: null, hasBom: null });
    expect(jsonBodySource({ n: 1 })).toBeUndefined();
    await app.close();
  });
});
