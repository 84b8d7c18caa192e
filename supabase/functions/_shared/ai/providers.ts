/**
 * The AI port (docs/decisions.md decision 17): classify a file against a checklist and propose its
 * metadata. Two providers: the built-in one (no network) and any OpenAI-compatible endpoint, which
 * falls back to the built-in one on a timeout, an error or an answer that does not fit; each result
 * says which provider answered.
 */
import type OpenAI from 'openai';
import { z } from 'zod';
import { classify, type Classification, type ClassifyInput } from './classifier.ts';
import { fillEmptyFields, generateMetadata, type GeneratedMetadata } from './metadata.ts';

export type ProviderName = 'builtin' | 'openai';

export interface AiAnswer<T> {
  result: T;
  provider: ProviderName;
  /** Why the configured provider was not used, when it fell back. */
  fallbackReason?: string;
}

export interface AiPort {
  classify(input: ClassifyInput): Promise<AiAnswer<Classification>>;
  metadata(fileName: string, text: string): Promise<AiAnswer<GeneratedMetadata>>;
}

export const builtinAi: AiPort = {
  classify: (input) => Promise.resolve({ result: classify(input), provider: 'builtin' }),
  metadata: (fileName, text) => Promise.resolve({ result: generateMetadata(fileName, text), provider: 'builtin' }),
};

export interface OpenAiConfig {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs?: number;
}

/** The OpenAI settings from the environment, or undefined when OPENAI_API_KEY is not set. */
export function openAiConfigFrom(env: (name: string) => string | undefined): OpenAiConfig | undefined {
  const apiKey = env('OPENAI_API_KEY');
  if (!apiKey) return undefined;
  return {
    apiKey,
    baseURL: env('OPENAI_BASE_URL') || undefined,
    model: env('OPENAI_MODEL') || 'gpt-4o-mini',
    timeoutMs: Number(env('OPENAI_TIMEOUT_MS') ?? 30_000) || 30_000,
  };
}

const classificationAnswer = z.object({
  candidates: z
    .array(
      z.object({
        item_id: z.string(),
        confidence: z.number().min(0).max(100),
        reasoning: z.string().max(2000),
      }),
    )
    .max(10),
  reasoning: z.string().max(4000).optional(),
  tags: z.array(z.string().max(60)).max(10).optional(),
});

const metadataAnswer = z.object({
  document_type: z.enum(['Contract', 'Report', 'Statement', 'Org Chart', 'NDA', 'Agreement', 'Other']),
  date_range_start: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  date_range_end: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  people_mentioned: z.array(z.string().max(200)).max(30),
  named_organizations: z.array(z.string().max(200)).max(30),
  languages_used: z.array(z.string().max(60)).max(10),
  quick_summary: z.string().max(2000),
  confidentiality_level: z.enum(['public', 'internal', 'confidential', 'privileged']),
});

const TEXT_SENT = 12_000;

export function openAiProvider(config: OpenAiConfig, fallback: AiPort = builtinAi): AiPort {
  // The SDK is loaded at the first question, not with the server (decision 55: a start skips what it can).
  let client: Promise<OpenAI> | undefined;
  const clientOf = () =>
    (client ??= import('openai').then(
      ({ default: OpenAI }) =>
        new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, timeout: config.timeoutMs ?? 30_000, maxRetries: 0 }),
    ));

  async function ask(system: string, user: string): Promise<unknown> {
    const completion = await (
      await clientOf()
    ).chat.completions.create({
      model: config.model,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
    });
    const content = completion.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('The provider answered without content');
    return JSON.parse(content);
  }

  const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

  return {
    async classify(input) {
      try {
        const ids = new Set(input.checklist.map((i) => i.item_id));
        const answer = classificationAnswer.parse(
          await ask(
            "You classify documents uploaded to an M&A due-diligence data room against the deal's checklist of requested documents. " +
              'Answer JSON: {"candidates": [{"item_id", "confidence" (0-100, how sure you are the file answers that item), "reasoning" ' +
              '(name the words of the file name or text that match)}], "reasoning", "tags"}. Give at most 3 candidates, best first, ' +
              'only item_ids from the checklist; an empty list when nothing fits.',
            JSON.stringify({
              file_name: input.fileName,
              text: input.text.slice(0, TEXT_SENT),
              text_note: input.textNote ?? null,
              checklist: input.checklist.map((i) => ({
                item_id: i.item_id,
                name: i.name,
                category: i.category,
                description: (i.description ?? '').slice(0, 400),
              })),
            }),
          ),
        );
        const candidates = answer.candidates
          .filter((c) => ids.has(c.item_id))
          .slice(0, 3)
          .map((c) => ({ ...c, confidence: Math.round(c.confidence) }));
        if (answer.candidates.length && !candidates.length) throw new Error('The provider named no item of the checklist');
        return {
          provider: 'openai',
          result: {
            candidates,
            reasoning: answer.reasoning || candidates[0]?.reasoning || 'No checklist item matched.',
            ai_tags: answer.tags ?? [],
          },
        };
      } catch (err) {
        const fell = await fallback.classify(input);
        return { ...fell, fallbackReason: reasonOf(err) };
      }
    },
    async metadata(fileName, text) {
      try {
        const answer = metadataAnswer.parse(
          await ask(
            'You describe documents in an M&A data room. Answer JSON with document_type (Contract, Report, Statement, Org Chart, NDA, ' +
              'Agreement or Other), date_range_start and date_range_end (YYYY-MM-DD or null), people_mentioned, named_organizations, ' +
              'languages_used (English names of languages), quick_summary (at most 2 sentences) and confidentiality_level ' +
              '(public, internal, confidential or privileged).',
            JSON.stringify({ file_name: fileName, text: text.slice(0, TEXT_SENT) }),
          ),
        );
        // What the provider left empty, the built-in reading fills where it finds something.
        const builtin = (await fallback.metadata(fileName, text)).result;
        return { provider: 'openai', result: fillEmptyFields(answer, builtin) };
      } catch (err) {
        const fell = await fallback.metadata(fileName, text);
        return { ...fell, fallbackReason: reasonOf(err) };
      }
    },
  };
}

/** `builtin` answers when no provider is configured, and when the configured one fails. */
export function aiFromEnv(env: (name: string) => string | undefined, builtin: AiPort = builtinAi): AiPort {
  const config = openAiConfigFrom(env);
  return config ? openAiProvider(config, builtin) : builtin;
}
