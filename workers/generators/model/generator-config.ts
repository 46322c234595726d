// The normalised generator config: what both the flagship config and a partner `stainless.yml`
// are mapped onto before the model is built. Locations point into the config text.

import type {
  ClientAuthOption,
  Diagnostic,
  PaginationScheme,
  RuleSetting,
  SourceLocation,
  WebhookScheme,
} from './types.ts';

export interface ConfigMethod {
  /** Raw method name, e.g. 'list'. */
  name: string;
  /** `${method} ${path}`, lower-case method, e.g. 'get /pets/{petId}'. */
  endpoint: string;
  deprecated?: string | boolean;
  /** Pagination scheme name, when the config names one. */
  pagination?: string;
  source: SourceLocation;
}

export interface ConfigResource {
  name: string;
  methods: ConfigMethod[];
  /** Model name -> schema reference as written (`Pet`, `#/components/schemas/Pet`). */
  models: { name: string; schema: string }[];
  subresources: ConfigResource[];
  source: SourceLocation;
}

export interface GeneratorConfig {
  kind: 'flagship' | 'stainless' | 'derived';
  clientName?: string;
  organization?: string;
  packages: {
    typescript?: string;
    python?: string;
    pythonModule?: string;
    cli?: string;
    go?: string;
    goPackage?: string;
    mcp?: string;
  };
  envPrefix?: string;
  /** `mcp: { tools: static | dynamic }`: the MCP server's tool mode. */
  mcpTools?: 'static' | 'dynamic';
  /** stainless.yml `custom_casings`: lower-case word -> its PascalCase and first-camelCase spellings. */
  customCasings?: Record<string, { pascal: string; camel: string }>;
  /** stainless.yml `edition` (`2025-10-10`): the Stainless generation the shipped SDK comes from; absent for the legacy one. */
  stainlessEdition?: string;
  /** `webhooks: { scheme }`: how the API signs its webhooks (default Standard Webhooks). */
  webhookScheme?: WebhookScheme;
  environments: { name: string; url: string; source: SourceLocation }[];
  authOptions: ClientAuthOption[];
  /** Extra security schemes declared by the config (OpenAPI Security Scheme Object shape). */
  securitySchemes: Record<string, unknown>;
  /** Default security requirement override (OpenAPI shape), when the config sets one. */
  security?: unknown[];
  pagination: PaginationScheme[];
  resources: ConfigResource[];
  /** Endpoints the config deliberately leaves out of the SDK. */
  unspecifiedEndpoints: string[];
  /** Rule settings (`lint:`), by our rule id; empty when the config sets none. */
  lint?: LintSettings;
  /**
   * stainless.yml `targets`: the SDKs the config lists (`node` read as `typescript`), when it has
   * a `targets` mapping. A partner run builds only these of the four (the project's settings can
   * turn another on); the MCP server and the docs are ours and are always built.
   */
  targets?: ConfigTarget[];
}

/** The deliverables a stainless.yml `targets` mapping can list. */
export type ConfigTarget = 'typescript' | 'python' | 'go' | 'cli';
export const CONFIG_TARGETS: readonly ConfigTarget[] = ['typescript', 'python', 'go', 'cli'];

/** A project's rule settings, resolved to our rule ids (see config/read-lint.ts). */
export interface LintSettings {
  /** Our rule id → the setting and where it came from (`lint.rules`, `redocly:<name>`, `spectral:<name>`). */
  rules: Record<string, { setting: RuleSetting; from: string }>;
}

export interface ConfigParseResult {
  config?: GeneratorConfig;
  diagnostics: Diagnostic[];
  /** Reasons the run cannot proceed without setup (partner runs). */
  needsSetup: string[];
}

export function emptyConfig(kind: GeneratorConfig['kind']): GeneratorConfig {
  return {
    kind,
    packages: {},
    environments: [],
    authOptions: [],
    securitySchemes: {},
    pagination: [],
    resources: [],
    unspecifiedEndpoints: [],
  };
}
