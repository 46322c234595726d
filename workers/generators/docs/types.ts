// Public types of the docs site generator.

/** One file of the generated site; `path` is relative to the site root, `/`-separated. */
export interface GeneratedFile {
  path: string;
  content: string;
}

export interface DocsSiteOptions {
  /**
   * A snapshot of the customer's existing docs (YAML or JSON; format in the README): navigation
   * order, theme colours, logo text, markdown guide pages. Parsed as data; invalid fields throw
   * `DocsSourceError` listing every problem.
   */
  docsSourceText?: string;
}
