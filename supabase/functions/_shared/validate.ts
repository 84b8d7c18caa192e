import type { Context } from 'hono';
import { z } from 'zod';
import { HttpError } from './errors.ts';

/** Parses the JSON body against `schema`; malformed JSON and wrong shapes are 400s with a readable detail. */
export async function readJson<S extends z.ZodTypeAny>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new HttpError(400, 'The request body must be valid JSON.');
  }
  return parseOrThrow(schema, raw);
}

export function parseOrThrow<S extends z.ZodTypeAny>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw new HttpError(400, describeIssue(result.error.issues[0]));
  return result.data;
}

function describeIssue(issue: z.ZodIssue | undefined): string {
  if (!issue) return 'The request is not valid.';
  // A message written for people (required_error, invalid_type_error, 'Please enter a deal name') stands on its own.
  if (!isZodDefaultMessage(issue)) return issue.message;
  const field = issue.path.join('.');
  if (issue.code === 'invalid_type') {
    if (!field) return `The request body must be a JSON ${issue.expected}.`;
    if (issue.received === 'undefined') return `${field} is required.`;
    return `${field} must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}.`;
  }
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** True when zod wrote the message itself, so it needs the field's name to make sense. */
function isZodDefaultMessage(issue: z.ZodIssue): boolean {
  const fallback = 'Invalid input';
  if (issue.code === 'custom') return issue.message === fallback;
  return issue.message === z.defaultErrorMap(issue, { defaultError: fallback, data: undefined }).message;
}

/** A LIKE pattern matching `search` anywhere, case-insensitive, its own %, _ and backslash taken literally. */
export const likePattern = (search: string) =>
  `%${search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, '\\$&')}%`;
