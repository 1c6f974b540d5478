import { z } from 'zod';

/** An environment variable as trimmed text; empty counts as unset. */
export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** An optional http(s) URL. */
export const optionalHttpUrl = optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional());

/** The result of a config reader: the settings, or each problem as `VARIABLE: message`. */
export type ConfigRead<Config> = { ok: true; config: Config } | { ok: false; problems: string[] };

/** A failed parse's problems, one `VARIABLE: message` each. */
export function configProblems(error: z.ZodError): { ok: false; problems: string[] } {
  return { ok: false, problems: error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
}

/**
 * The one shape of a config reader: parse the environment with `schema`; on failure every problem, else what `build`
 * makes of the values (which may still refuse a combination the schema cannot see).
 */
export function readEnv<Schema extends z.ZodType, Config>(
  schema: Schema,
  env: NodeJS.ProcessEnv,
  build: (values: z.output<Schema>) => ConfigRead<Config>,
): ConfigRead<Config> {
  const parsed = schema.safeParse(env);
  return parsed.success ? build(parsed.data) : configProblems(parsed.error);
}
