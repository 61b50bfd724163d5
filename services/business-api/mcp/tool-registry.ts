import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { Logger } from '../../../shared/logger';
import type { AuthContext } from '../auth/auth-context';
import { pathsOfStringsContaining } from '../http/json-scan';
import { jsonPath, NUL_MESSAGE } from '../http/validate';

/** Who calls a tool, and with what. */
export type ToolCall<A> = { auth: AuthContext; args: A };

/** One tool: its input schema (zod), whether it writes, and what it answers (any JSON value). */
export type ToolDefinition<S extends z.ZodObject = z.ZodObject> = {
  name: string;
  title: string;
  description: string;
  input: S;
  /** A write needs a read-write token; a read-only one gets a tool error saying so. */
  writes?: boolean;
  run: (call: ToolCall<z.output<S>>) => Promise<unknown>;
};

/** A tool of any schema, as the registry lists them. */
export type AnyTool = Omit<ToolDefinition, 'run'> & { run: (call: ToolCall<never>) => Promise<unknown> };

export const defineTool = <S extends z.ZodObject>(tool: ToolDefinition<S>): AnyTool => tool as unknown as AnyTool;

/** A failure the caller can act on; its message becomes the tool error's text. */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolError';
  }
}

export const READ_ONLY_REFUSAL = 'This token is read-only; this tool writes. Connect with a read-write app password.';

/** A JSON value as REST would send it (dates as ISO strings); objects as they are, anything else wrapped. */
function structured(value: unknown): Record<string, unknown> {
  const json: unknown = JSON.parse(JSON.stringify(value ?? null));
  return typeof json === 'object' && json !== null && !Array.isArray(json)
    ? (json as Record<string, unknown>)
    : { items: json };
}

export const toolError = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/**
 * Runs a tool; expected failures become tool errors with their message, others a tool error naming nothing internal.
 */
export async function runTool(
  tool: AnyTool,
  auth: AuthContext,
  args: unknown,
  logger: Logger,
): Promise<CallToolResult> {
  if (!auth.canRead) return toolError('This token grants no access to the API.');
  if (tool.writes && auth.readOnly) return toolError(READ_ONLY_REFUSAL);
  // As on REST: a NUL cannot be stored or searched (PostgreSQL text), so it is the caller's error, named.
  const nul = pathsOfStringsContaining(args, '\u0000').map((path) => jsonPath(path).replace(/^\$\.?/, ''));
  if (nul.length > 0) return toolError(`Invalid arguments: ${nul.join(', ')}: ${NUL_MESSAGE}`);
  try {
    const content = structured(await tool.run({ auth, args: args as never }));
    return { structuredContent: content, content: [{ type: 'text', text: JSON.stringify(content, null, 2) }] };
  } catch (err) {
    if (err instanceof ToolError) return toolError(err.message);
    if (err instanceof AppError && err.status < 500) return toolError(`${err.code}: ${err.message}`);
    logger.error({ err, tool: tool.name }, 'tool failed');
    return toolError('The tool failed on the server; try again later.');
  }
}

/** Registers every tool on a server built for one caller. */
export function registerTools(server: McpServer, tools: readonly AnyTool[], auth: AuthContext, logger: Logger): void {
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        annotations: { readOnlyHint: !tool.writes, openWorldHint: false },
      },
      (args: unknown) => runTool(tool, auth, args, logger),
    );
  }
}
