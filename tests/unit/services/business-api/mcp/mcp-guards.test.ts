import { z } from 'zod';
import { originAllowed, toolCallCount } from '../../../../../services/business-api/mcp/mcp-guards';
import {
  bearerChallenge,
  protectedResourceMetadata,
  resourceMetadataUrls,
} from '../../../../../services/business-api/mcp/protected-resource';
import { toolArgsFromQuery } from '../../../../../services/business-api/mcp/tool-args';
import { pagingQuery } from '../../../../../services/business-api/openapi/common-schemas';
import { idFilter } from '../../../../../services/business-api/filters/identifier-filter';

describe('Origin validation', () => {
  const resource = 'https://api.example.com/mcp';
  it.each([
    [undefined, true],
    ['https://api.example.com', true],
    ['https://inspector.example', true],
    ['https://api.example.com.evil.example', false],
    ['http://api.example.com', false],
    ['null', false],
  ])('Origin %s -> %s', (origin, allowed) => {
    expect(originAllowed(origin, resource, ['https://inspector.example'])).toBe(allowed);
  });
});

describe('tool calls counted for the rate limit', () => {
  it('counts tools/call messages, in a batch too, and nothing else', () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } };
    expect(toolCallCount(call)).toBe(1);
    expect(toolCallCount([call, { ...call, id: 2 }, { jsonrpc: '2.0', id: 3, method: 'tools/list' }])).toBe(2);
    expect(toolCallCount({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBe(0);
    expect(toolCallCount(undefined)).toBe(0);
    expect(toolCallCount('tools/call')).toBe(0);
  });
});

describe('protected-resource metadata (RFC 9728)', () => {
  it('puts the well-known prefix before the resource path', () => {
    expect(resourceMetadataUrls('https://api.example.com/mcp')).toEqual({
      root: 'https://api.example.com/.well-known/oauth-protected-resource',
      suffixed: 'https://api.example.com/.well-known/oauth-protected-resource/mcp',
    });
    expect(resourceMetadataUrls('https://api.example.com/')).toEqual({
      root: 'https://api.example.com/.well-known/oauth-protected-resource',
      suffixed: 'https://api.example.com/.well-known/oauth-protected-resource',
    });
  });

  it('challenges with resource_metadata, and invalid_token only when a token was sent', () => {
    expect(bearerChallenge('https://api.example.com/mcp', false)).toBe(
      'Bearer resource_metadata="https://api.example.com/.well-known/oauth-protected-resource/mcp"',
    );
    expect(bearerChallenge('https://api.example.com/mcp', true)).toMatch(/, error="invalid_token"$/);
  });

  it('names the resource and its authorization servers', () => {
    expect(protectedResourceMetadata('https://api.example.com/mcp', ['https://id.example.com'])).toMatchObject({
      resource: 'https://api.example.com/mcp',
      authorization_servers: ['https://id.example.com'],
      bearer_methods_supported: ['header'],
    });
  });
});

describe('tool arguments from a REST query schema', () => {
  const schema = toolArgsFromQuery(z.object({ customerId: idFilter('customerId'), ...pagingQuery }));
  it('binds JSON numbers through the same field schemas as query strings', () => {
    expect(schema.parse({ customerId: 12, pageSize: 5 })).toEqual({ customerId: 12, pageSize: 5 });
    expect(schema.parse({ customerId: '12' })).toEqual({ customerId: 12 });
    expect(schema.parse({})).toEqual({});
  });
  it('keeps the REST messages for bad values', () => {
    const result = schema.safeParse({ customerId: 0, pageSize: 0 });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'customerId must be a positive whole number (32-bit).',
      "The value '0' is not a valid page size (a whole number of at least 1).",
    ]);
  });
  it('advertises the REST field types and descriptions', () => {
    const json = z.toJSONSchema(schema, { io: 'input' }) as {
      properties: Record<string, { type?: string }>;
      required?: string[];
    };
    expect(json.properties.customerId?.type).toBe('integer');
    expect(json.properties.pageSize?.type).toBe('integer');
    expect(json.required ?? []).toEqual([]);
  });
});
