// The shape of the generated tool table (`src/tools.ts`). The runtime in this folder is the same
// for every API; only the table differs. The tools' metadata (names, descriptions, input schemas)
// is one JSON string in the table, parsed at start: text from the API description is data there,
// never code.

/** A JSON Schema object (draft 2020-12). */
export type JsonSchema = { [key: string]: unknown };

/** Where a tool argument goes in the SDK call: a path argument or a key of the params object. */
export type ArgTarget =
  | { name: string; to: 'path'; index: number }
  | { name: string; to: 'param'; key: string; file?: 'one' | 'many' };

export interface ToolData {
  /** `[a-z0-9_]`, at most 64 characters, unique. */
  name: string;
  title?: string;
  description: string;
  /** `GET /runs/{runId}`. */
  http: string;
  inputSchema: JsonSchema;
  args: ArgTarget[];
  paginated: boolean;
  /** How the SDK method returns its result. */
  response: 'json' | 'text' | 'binary' | 'event-stream' | 'event-stream-text' | 'none';
}

/** The SDK call of a tool: the positional path values and the params object, in the SDK method's order. */
export type ToolCall<Client> = (client: Client, path: readonly unknown[], params: Record<string, unknown>) => unknown;

/** What the runtime hands the generated client factory. */
export interface ClientSetup {
  /** One value per credential (index-aligned with `ServerSpec.credentials`). */
  credentials: readonly (string | undefined)[];
  baseURL: string | undefined;
  fetch: ((input: string, init?: RequestInit) => Promise<Response>) | undefined;
  /** How many times the SDK retries a failed request; undefined: the SDK's default. */
  maxRetries: number | undefined;
}

export interface CredentialSpec {
  /** The SDK client option it feeds (for messages). */
  option: string;
  /** Environment variables read, in order. */
  env: readonly string[];
  required: boolean;
}

export type ToolMode = 'static' | 'dynamic';

export interface ServerSpec<Client> {
  /** The binary name, also the MCP server's name. */
  name: string;
  version: string;
  title: string;
  /** `<PREFIX>_BASE_URL` is read by the SDK. */
  envPrefix: string;
  credentials: readonly CredentialSpec[];
  /** The mode when `--tools` is not given: dynamic when the API has more tools than the threshold. */
  defaultMode: ToolMode;
  /** The tools' metadata as a JSON array of ToolData (index-aligned with `calls`). */
  toolsJson: string;
  calls: readonly ToolCall<Client>[];
  createClient: (setup: ClientSetup) => Client;
}
