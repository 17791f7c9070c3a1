import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * The OpenAPI document at /api/docs is generated from the zod schemas that validate each call. Two things zod's JSON
 * Schema export cannot know are asked of those same schemas here, so that the document cannot disagree with the
 * server: whether a property is required (a key is required when its schema refuses `undefined`: preprocessed and
 * transformed fields report themselves optional to the exporter even when they refuse a missing value), and the
 * `null` branches of unions, which OpenAPI 3.0 writes as `nullable`.
 */

interface OverrideContext {
  zodSchema: z.core.$ZodType;
  jsonSchema: Record<string, any>;
}

const isNullBranch = (s: Record<string, unknown>) =>
  s.nullable === true && Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null;

function override(ctx: OverrideContext): void {
  const def = ctx.zodSchema._zod.def as { type: string; shape?: Record<string, z.ZodType> };
  const json = ctx.jsonSchema;
  if (def.type === 'object' && def.shape) {
    const required = Object.entries(def.shape)
      .filter(([, schema]) => !schema.safeParse(undefined).success)
      .map(([key]) => key);
    if (required.length) json.required = required;
    else delete json.required;
  }
  if (def.type === 'union' && Array.isArray(json.anyOf)) {
    const branches = (json.anyOf as Record<string, unknown>[]).filter((s) => Object.keys(s).length > 0);
    const others = branches.filter((s) => !isNullBranch(s));
    if (others.length === 1 && others.length < branches.length) {
      delete json.anyOf;
      Object.assign(json, others[0], { nullable: true });
    } else {
      json.anyOf = others;
      if (others.length < branches.length) json.nullable = true;
    }
  }
  if (def.type === 'date') Object.assign(json, { type: 'string', format: 'date-time' });
}

/** The swagger transform: fastify-type-provider-zod's, with the override above for requests and answers. */
export const openApiTransform = createJsonSchemaTransform({ zodToJsonConfig: { override } });

/** Writes the named schemas (`.meta({ id })`: recursive trees such as Dept and Menu) into the document's components. */
export const openApiTransformObject = createJsonSchemaTransformObject({ zodToJsonConfig: { override } });

/**
 * Who may read the API document (/api/docs, /api/docs/json and the page's files): anyone with API_DOCS=public;
 * otherwise a signed-in session of an organisation (its access token in the Authorization header, as the API
 * takes it), else code 10 as any call without a session. The document names every call and field of the product:
 * it is not published to the internet unless asked for.
 */
export function apiDocsHooks(app: FastifyInstance, isPublic: boolean) {
  if (isPublic) return {};
  return {
    onRequest: async (req: FastifyRequest) => {
      await app.authenticate(req, true);
    },
  };
}
