// The options every generated client takes (base URL, environment, timeout, retries, default
// headers and query, the idempotency header), described once, in no language: each emitter names
// them in its own casing and renders the words with its own conventions (units, null, code marks).
// The TypeScript client's `ClientOptions` docs and the Python client's docstring are written from
// this list.

/** A client option every SDK has. */
export type CommonClientOption =
  | 'baseUrl'
  | 'environment'
  | 'timeout'
  | 'maxRetries'
  | 'defaultHeaders'
  | 'defaultQuery'
  | 'idempotencyHeader';

/** How one language writes an option's description. */
export interface OptionConventions {
  /** The option's name in the language (`maxRetries`, `max_retries`). */
  name: (option: CommonClientOption) => string;
  /** An identifier or value as the docs mark code (`` `x` `` in JSDoc, plain in a docstring). */
  code: (text: string) => string;
  /** The language's null (`null`, `None`). */
  nullValue: string;
  /** The named environments' table (`environments`, `ENVIRONMENTS`). */
  environmentsTable: string;
  /** The timeout's unit and default as the client takes it. */
  timeout: { unit: 'Milliseconds' | 'Seconds'; default: string; note?: string };
  /** Whether a default header set to null removes it. */
  nullHeaderRemoves: boolean;
}

/**
 * The generated clients' retry policy in a sentence, for the READMEs of what is built on them (the
 * CLI, the MCP server), which each add how their `--max-retries` changes it.
 */
export const RETRY_POLICY =
  'A request that fails to connect, or is answered 408, 409, 429 or 5xx, is retried twice with a growing delay';

const DESCRIPTIONS: Record<CommonClientOption, (c: OptionConventions, envPrefix: string) => string> = {
  baseUrl: (c, envPrefix) =>
    `Overrides the base URL; defaults to the ${c.code(`${envPrefix}_BASE_URL`)} environment variable, then the environment / server URL.`,
  environment: (c) =>
    `Which named environment to use, a key of ${c.code(c.environmentsTable)} (ignored when ${c.code(c.name('baseUrl'))} is given).`,
  timeout: (c) =>
    `${c.timeout.unit} before a request times out (${c.timeout.note ? `${c.timeout.note}; ` : ''}default ${c.timeout.default}).`,
  maxRetries: () => 'Retries on connection errors, 408, 409, 429 and 5xx (default 2).',
  defaultHeaders: (c) =>
    `Headers sent with every request${c.nullHeaderRemoves ? ` (${c.code(c.nullValue)} removes one)` : ''}.`,
  defaultQuery: () => 'Query parameters sent with every request.',
  idempotencyHeader: (c) =>
    `Header carrying an idempotency key on non-GET requests that may be retried; ${c.code(c.nullValue)} disables it.`,
};

/** The description of one common option, in a language's words. */
export function describeClientOption(
  option: CommonClientOption,
  conventions: OptionConventions,
  envPrefix: string,
): string {
  return DESCRIPTIONS[option](conventions, envPrefix);
}
