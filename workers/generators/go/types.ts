// Public types of the Go SDK generator.

export interface GoSdkOptions {
  /** Go module path; default the config's (`packages.go`, a stainless.yml's Go target), else derived. */
  modulePath?: string;
  /** Package name; default the config's (`packages.go_package`, `targets.go.package_name`), else the module path's last element. */
  packageName?: string;
  /** Raw client name (documentation only: the client type is always `Client`); default `model.client.name`. */
  clientName?: string;
  /** Prefix of the environment variables the client reads (`<PREFIX>_API_KEY`); default `model.client.envPrefix`. */
  envPrefix?: string;
}

export interface ResolvedGoSdkOptions {
  modulePath: string;
  packageName: string;
  clientName: string;
  envPrefix: string;
}

/** The `go` directive of the generated go.mod: range-over-func iterators (`iter.Seq2`) need 1.23. */
export const GO_DIRECTIVE = '1.23';
