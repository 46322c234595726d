// The hostile-description corpus (tests/fixtures/hostile/cases.ts) through the Go SDK generator:
// every module keeps its paths inside itself, passes gofmt -l, go vet and staticcheck in
// ONE run of each over all cases (a go.work), and its tokens (read by go/scanner in a small
// program of ours) hold nothing the generator never writes: no `init` function, no `os.Exit`, no
// `//go:` or `//line` directive, no build constraint, no block comment, no `import "C"`.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_CASES } from '../fixtures/hostile/cases.ts';
import { checkModules, GO_MISSING, GO_TOOLS, runTool } from '../workers/generators/go/helpers.ts';
import { goEnv } from '../../workers/pipeline/go-tools.ts';
import { generateAll, treeProblems, type CaseResult, type GeneratedFile } from './hostile-pipeline.ts';

const PER_CASE_MS = 20_000;
if (GO_TOOLS === undefined)
  console.warn(
    `\n!!! Hostile corpus, Go SDK tool checks SKIPPED: ${GO_MISSING.join(', ')} not found. Only paths and crashes are checked.\n`,
  );

/** Reports tokens the generator never writes, one `file:line: what` per finding. */
const SCANNER = `package main

import (
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

var directive = regexp.MustCompile(\`^//(go:|line |export |extern |\\s*\\+build)\`)

func main() {
	fset := token.NewFileSet()
	_ = filepath.WalkDir(os.Args[1], func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var s scanner.Scanner
		file := fset.AddFile(path, -1, len(src))
		s.Init(file, src, nil, scanner.ScanComments)
		prev := ""
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			where := fset.Position(pos)
			switch {
			case tok == token.COMMENT && (strings.HasPrefix(lit, "/*") || directive.MatchString(lit)):
				fmt.Printf("%s:%d: comment %q\\n", where.Filename, where.Line, lit)
			case tok == token.IDENT && (lit == "Exit" || (lit == "init" && prev == "func")):
				fmt.Printf("%s:%d: identifier %s\\n", where.Filename, where.Line, lit)
			case tok == token.STRING && lit == "\\"C\\"" && prev == "import":
				fmt.Printf("%s:%d: cgo\\n", where.Filename, where.Line)
			}
			if tok != token.COMMENT {
				prev = lit
				if tok == token.IMPORT {
					prev = "import"
				}
			}
		}
		return nil
	})
}
`;

let results: CaseResult[] = [];
const root = mkdtempSync(join(tmpdir(), 'hostile-corpus-go-'));

beforeAll(async () => {
  results = await generateAll(['go'], PER_CASE_MS);
}, 900_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const goModules = (): [string, GeneratedFile[]][] =>
  results.flatMap((r) => (r.files.go !== undefined ? [[r.name, r.files.go] as [string, GeneratedFile[]]] : []));

describe('the hostile corpus, Go SDK', () => {
  it('generates a module for every case with a model, in bounded time and without a crash, paths inside it', () => {
    const failures: string[] = [];
    for (const c of HOSTILE_CASES) {
      const r = results.find((x) => x.name === c.name) as CaseResult;
      if (r.hung) failures.push(`${c.name}: did not finish within ${PER_CASE_MS} ms (stopped in ${r.hungIn ?? '?'})`);
      else if (r.crashes.go !== undefined || r.crashes.analyze !== undefined)
        failures.push(`${c.name}: ${r.crashes.go ?? r.crashes.analyze}`);
      else if (c.model && r.files.go === undefined) failures.push(`${c.name}: no module`);
    }
    for (const [name, files] of goModules()) failures.push(...treeProblems(files).map((p) => `${name}: ${p}`));
    expect(failures).toEqual([]);
    expect(goModules().length).toBeGreaterThanOrEqual(40);
  });

  it.skipIf(GO_TOOLS === undefined)(
    'every module passes gofmt, go vet and staticcheck, and holds no injected token',
    async () => {
      const modules = new Map(goModules());
      const findings = await checkModules(join(root, 'modules'), modules);
      expect(findings).toEqual({});
      const scanner = join(root, 'scanner');
      mkdirSync(scanner, { recursive: true });
      writeFileSync(join(scanner, 'go.mod'), 'module scanner\n\ngo 1.23\n');
      writeFileSync(join(scanner, 'main.go'), SCANNER);
      const scan = await runTool(
        (GO_TOOLS as { go: string }).go,
        ['run', '.', join(root, 'modules')],
        scanner,
        goEnv(),
      );
      expect(scan.code, scan.output).toBe(0);
      expect(scan.output.trim()).toBe('');
    },
    900_000,
  );
});
