// Public types of the docs site generator.

/** What a run delivers beside the docs: the SDKs, the CLI and the MCP server. */
export type Deliverable = 'typescript' | 'python' | 'go' | 'cli' | 'mcp';
export const DELIVERABLES: readonly Deliverable[] = ['typescript', 'python', 'go', 'cli', 'mcp'];

export interface DocsSiteOptions {
  /**
   * The deliverables the docs show (sample tabs, install lines, MCP tool names): all of them when
   * absent. A run whose Go SDK is turned off gets no Go sample calling a module nobody ships.
   */
  delivered?: ReadonlySet<Deliverable>;
  /**
   * A snapshot of the customer's existing docs (YAML or JSON; format in docs/pipeline.md): navigation
   * order, theme colours, logo text, markdown guide pages. Parsed as data; invalid fields throw
   * `DocsSourceError` listing every problem.
   */
  docsSourceText?: string;
}
