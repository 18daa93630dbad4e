#!/usr/bin/env node
/**
 * A server that advertises its own tools/list, converting each registered schema to JSON Schema
 * with v1's zod-json-schema-compat helper (a module the official codemod does not know). The
 * call becomes the schema's own Standard JSON Schema conversion and the import goes; the header
 * comment stays where it was.
 */
import { McpServer } from '@modelcontextprotocol/server';
import type { ListToolsResult, Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';

const schema = z.object({ city: z.string() });

export function register(mcp: McpServer): void {
  mcp.server.setRequestHandler('tools/list', (): ListToolsResult => {
    const inputSchema = schema['~standard'].jsonSchema.input({ target: 'draft-07' }) as Tool['inputSchema'];
    return { tools: [{ name: 'weather', inputSchema }] };
  });
}
