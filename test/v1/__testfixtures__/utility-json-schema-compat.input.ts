#!/usr/bin/env node
/**
 * A server that advertises its own tools/list, converting each registered schema to JSON Schema
 * with v1's zod-json-schema-compat helper (a module the official codemod does not know). The
 * call becomes the schema's own Standard JSON Schema conversion and the import goes; the header
 * comment stays where it was.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type ListToolsResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { z } from 'zod';

const schema = z.object({ city: z.string() });

export function register(mcp: McpServer): void {
  mcp.server.setRequestHandler(ListToolsRequestSchema, (): ListToolsResult => {
    const inputSchema = toJsonSchemaCompat(schema, { strictUnions: true, pipeStrategy: 'input' }) as Tool['inputSchema'];
    return { tools: [{ name: 'weather', inputSchema }] };
  });
}
