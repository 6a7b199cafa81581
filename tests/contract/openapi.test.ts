/**
 * `GET /api/openapi.json`: the document every target serves is valid OpenAPI 3.1 (checked by a
 * real validator), documents every endpoint of the table, and is the one the contract suite
 * checks each answer against (harness.ts).
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_NAMES, ENDPOINTS } from '../../src/api/endpoints';
import { useApi } from './harness';

const api = useApi();

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document of every endpoint in the table', async () => {
    const response = await fetch(`${api.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(operations.sort()).toEqual([...ENDPOINT_NAMES].sort());
    for (const name of ENDPOINT_NAMES) {
      const { method, path } = ENDPOINTS[name];
      const documented = document.paths[`/api${path.replace(/:(\w+)/g, '{$1}')}`];
      expect(documented?.[method.toLowerCase()]?.operationId, name).toBe(name);
    }
  });

  it('catches an answer that leaks a field (the check the harness runs is not empty)', async () => {
    const { answerChecker } = await import('./answers');
    const document = (await (await fetch(`${api.baseUrl}/openapi.json`)).json()) as Parameters<
      typeof answerChecker
    >[0];
    const checker = answerChecker(document);
    const { posts } = await api.client.getPosts();
    const leaky = { posts: [{ ...posts[0], passwordHash: 'x' }] };
    const fakeFetch: typeof fetch = () => Promise.resolve(Response.json(leaky));
    const original = globalThis.fetch;
    globalThis.fetch = fakeFetch;
    try {
      await checker.fetch(`${api.baseUrl}/posts`);
    } finally {
      globalThis.fetch = original;
    }
    expect(checker.findings).toHaveLength(1);
    expect(checker.findings[0]).toMatch(/additional properties/);
  });
});
