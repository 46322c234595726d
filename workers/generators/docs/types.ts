// Public types of the docs site generator.

export interface DocsSiteOptions {
  /**
   * A snapshot of the customer's existing docs (YAML or JSON; format in docs/pipeline.md): navigation
   * order, theme colours, logo text, markdown guide pages. Parsed as data; invalid fields throw
   * `DocsSourceError` listing every problem.
   */
  docsSourceText?: string;
}
