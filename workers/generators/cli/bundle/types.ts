// The shape of the generated command table (`src/commands.ts`). The runtime in this folder is the
// same for every API; only the table differs. Every string in a table came from the description
// through the TypeScript printer, so it is data, never code; it is still neutralised before it
// reaches a terminal (see sanitize.ts).

/** How a flag's text is turned into a value. */
export type FlagType = 'string' | 'integer' | 'number' | 'boolean' | 'json' | 'file';

/** Where the value goes: a path argument, a key of the SDK method's params object, or a body field. */
export type FlagLocation = 'path' | 'query' | 'header' | 'cookie' | 'body';

export interface FlagSpec {
  /** The flag without dashes, kebab-case, unique within its command. */
  name: string;
  /** Key in the SDK params object (query / header / body field); the wire name for path flags. */
  key: string;
  in: FlagLocation;
  type: FlagType;
  /** Repeatable: each occurrence is one item of an array. */
  multiple?: boolean;
  required?: boolean;
  description?: string;
  /** Allowed values (compared after conversion). */
  choices?: readonly (string | number | boolean)[];
  /** The documented default, for help only (the server applies it). */
  defaultText?: string;
  deprecated?: boolean;
}

export type BodyKind = 'json' | 'multipart' | 'form' | 'text' | 'binary';

export interface BodySpec {
  /** `fields`: the body's top-level fields are flags and `--data` is merged under them; `whole`: `--data` is the body. */
  mode: 'fields' | 'whole';
  /** Params key the whole body goes under (mode `whole`). */
  key?: string;
  kind: BodyKind;
  required: boolean;
  description?: string;
}

/** The positional path values and the params object, in the SDK method's order. */
export type MethodCall<Client> = (client: Client, path: readonly unknown[], params: Record<string, unknown>) => unknown;

export interface MethodSpec<Client> {
  /** Command word, kebab-case. */
  name: string;
  summary?: string;
  description?: string;
  /** `GET /runs/{runId}`. */
  http: string;
  flags: readonly FlagSpec[];
  body?: BodySpec;
  paginated?: boolean;
  /** How the SDK method returns its result, when not decoded JSON. */
  response?: 'text' | 'binary' | 'stream' | 'none';
  deprecated?: string | boolean;
  call: MethodCall<Client>;
}

export interface GroupSpec<Client> {
  /** Command word, kebab-case. */
  name: string;
  description?: string;
  groups: readonly GroupSpec<Client>[];
  methods: readonly MethodSpec<Client>[];
}

/** What the runtime hands the generated client factory. */
export interface ClientSetup {
  /** One value per credential of the program (index-aligned with `ProgramSpec.credentials`). */
  credentials: readonly (string | undefined)[];
  baseURL: string | undefined;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  maxRetries: number | undefined;
}

export interface CredentialSpec {
  /** The SDK client option it feeds (for messages). */
  option: string;
  /** Environment variables read, in order. */
  env: readonly string[];
  required: boolean;
  /** The global flag that sets it before the environment (the OAuth2 client id and secret). */
  flag?: 'client-id' | 'client-secret';
}

export interface ProgramSpec<Client> {
  /** The binary name. */
  name: string;
  version: string;
  title: string;
  description?: string;
  /** `<PREFIX>_BASE_URL` is read by the SDK; shown in help. */
  envPrefix: string;
  /** The first credential is the one `--api-key` sets. */
  credentials: readonly CredentialSpec[];
  /** Header names (lower-case) and query parameter names that carry secrets; redacted in output. */
  secretHeaders: readonly string[];
  secretQuery: readonly string[];
  /** The default base URL, for help. */
  defaultBaseURL?: string;
  createClient: (setup: ClientSetup) => Client;
  groups: readonly GroupSpec<Client>[];
}
