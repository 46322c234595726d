// Command staticcheck-sdk is the pinned staticcheck (honnef.co/go/tools v0.8.2, the same analyzers
// cmd/staticcheck registers, through its public lintcmd API) with one flag more: -unused=false
// leaves out the unused-code analyzer (U1000). The go_sdk step uses it on an SDK's root package
// when that package is larger than the size where U1000's cost (quadratic in the package:
// dominikh/go-tools#1407) no longer fits the step's limit, and says so in its report
// (workers/pipeline/steps/go-sdk.ts, docs/go-sdk.md). staticcheck's own -checks flag cannot do
// this: it filters findings, every analyzer still runs.
package main

import (
	"os"

	"honnef.co/go/tools/lintcmd"
	"honnef.co/go/tools/lintcmd/version"
	"honnef.co/go/tools/simple"
	"honnef.co/go/tools/staticcheck"
	"honnef.co/go/tools/stylecheck"
	"honnef.co/go/tools/unused"
)

func main() {
	cmd := lintcmd.NewCommand("staticcheck")
	cmd.SetVersion(version.Version, version.MachineVersion)
	withUnused := cmd.FlagSet().Bool("unused", true, "run the unused-code analyzer (U1000); false leaves it out")
	cmd.ParseFlags(os.Args[1:])

	cmd.AddAnalyzers(simple.Analyzers...)
	cmd.AddAnalyzers(staticcheck.Analyzers...)
	cmd.AddAnalyzers(stylecheck.Analyzers...)
	if *withUnused {
		cmd.AddAnalyzers(unused.Analyzer)
	}
	cmd.Run()
}
