// Command go_surface reads the exported surface of a Go SDK (Stainless-style: a Client struct
// whose fields are services, one `*XService` per resource, `XParams` structs, response structs,
// `option.With...` functions) with go/parser. Parse only: the customer's code is never compiled,
// type-checked or run. Input is JSON on stdin: {"files": [{"path": str, "content": str}]}.
// Output is one JSON document on stdout in the shape of `RawSdk` in build-surface.ts:
// {"classes": [...], "models": [...], "clientOptions": [...], "problems": [...]}.
package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

type sourceFile struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

type param struct {
	Name       string `json:"name"`
	Required   bool   `json:"required"`
	Type       string `json:"type"`
	Kind       string `json:"kind"`
	Positional bool   `json:"positional"`
}

type field struct {
	Name     string `json:"name"`
	Required bool   `json:"required"`
	Type     string `json:"type"`
	Kind     string `json:"kind"`
}

type endpoint struct {
	Method string `json:"method"`
	Path   string `json:"path"`
}

type method struct {
	Name       string    `json:"name"`
	Params     []param   `json:"params"`
	ReturnType string    `json:"returnType"`
	Endpoint   *endpoint `json:"endpoint,omitempty"`
	Paginated  bool      `json:"paginated"`
	Streaming  bool      `json:"streaming"`
	Deprecated bool      `json:"deprecated"`
	Line       int       `json:"line"`
}

type child struct {
	Name      string `json:"name"`
	ClassName string `json:"className"`
}

type class struct {
	Name     string   `json:"name"`
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Bases    []string `json:"bases"`
	Methods  []method `json:"methods"`
	Children []child  `json:"children"`
}

type location struct {
	File string `json:"file"`
	Line int    `json:"line"`
}

type model struct {
	Name     string   `json:"name"`
	Fields   []field  `json:"fields"`
	Location location `json:"location"`
}

type problem struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
}

type output struct {
	Classes       []class   `json:"classes"`
	Models        []model   `json:"models"`
	ClientOptions []field   `json:"clientOptions"`
	Problems      []problem `json:"problems"`
}

type parsed struct {
	path string
	file *ast.File
}

var fset = token.NewFileSet()

func main() {
	var input struct {
		Files []sourceFile `json:"files"`
	}
	if err := json.NewDecoder(os.Stdin).Decode(&input); err != nil {
		fmt.Fprintln(os.Stderr, "bad input:", err)
		os.Exit(2)
	}
	out := output{Classes: []class{}, Models: []model{}, ClientOptions: []field{}, Problems: []problem{}}
	var root, options, helpers []parsed
	for _, f := range input.Files {
		p := strings.TrimPrefix(path.Clean(strings.ReplaceAll(f.Path, "\\", "/")), "/")
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			continue
		}
		dir := path.Dir(p)
		// The package a Go user imports (the module root), its option package, and the pagination
		// and streaming helpers; internal packages, examples and lib/ are not the generated surface.
		if dir != "." && dir != "option" && dir != "packages/pagination" && dir != "packages/ssestream" {
			continue
		}
		file, err := parser.ParseFile(fset, p, f.Content, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			pr := problem{Kind: "syntax", Message: err.Error(), File: p}
			if list, ok := err.(interface{ Len() int }); ok && list.Len() > 0 {
				pr.Message = strings.SplitN(err.Error(), "\n", 2)[0]
			}
			out.Problems = append(out.Problems, pr)
			if file == nil {
				continue
			}
		}
		switch dir {
		case ".":
			root = append(root, parsed{p, file})
		case "option":
			options = append(options, parsed{p, file})
		default:
			helpers = append(helpers, parsed{p, file})
		}
	}
	read(root, options, helpers, &out)
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(out); err != nil {
		os.Exit(1)
	}
}

func line(pos token.Pos) int { return fset.Position(pos).Line }

func read(root, options, helpers []parsed, out *output) {
	// Every named type of the root package: structs (services, params, responses) and the rest
	// (string enums, unions, aliases), so a field's kind can be told from its named type.
	structs := map[string]*ast.StructType{}
	underlying := map[string]ast.Expr{}
	typeFile := map[string]parsed{}
	typeLine := map[string]int{}
	// `type HealthCheckResponse = Health`: a model under another name, with the target's fields.
	aliases := map[string]string{}
	var names []string
	for _, pf := range root {
		for _, decl := range pf.file.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.TYPE {
				continue
			}
			for _, spec := range gen.Specs {
				ts := spec.(*ast.TypeSpec)
				if !ts.Name.IsExported() {
					continue
				}
				name := ts.Name.Name
				if _, seen := typeFile[name]; !seen {
					names = append(names, name)
				}
				typeFile[name] = pf
				typeLine[name] = line(ts.Pos())
				underlying[name] = ts.Type
				if st, ok := ts.Type.(*ast.StructType); ok && ts.Assign == 0 {
					structs[name] = st
				}
				if id, ok := ts.Type.(*ast.Ident); ok && ts.Assign != 0 {
					aliases[name] = id.Name
				}
			}
		}
	}
	sort.Strings(names)
	methodsOf := map[string][]method{}
	for _, pf := range root {
		for _, decl := range pf.file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || len(fn.Recv.List) != 1 || !fn.Name.IsExported() {
				continue
			}
			recv := receiverName(fn.Recv.List[0].Type)
			if !strings.HasSuffix(recv, "Service") {
				continue
			}
			methodsOf[recv] = append(methodsOf[recv], readMethod(fn, structs, underlying))
		}
	}
	for _, name := range names {
		pf := typeFile[name]
		st, isStruct := structs[name]
		switch {
		case name == "Client" && isStruct:
			out.Classes = append(out.Classes, class{Name: name, File: pf.path, Line: typeLine[name], Bases: []string{"Client"}, Methods: []method{}, Children: services(st)})
		case strings.HasSuffix(name, "Service") && isStruct:
			ms := methodsOf[name]
			if ms == nil {
				ms = []method{}
			}
			out.Classes = append(out.Classes, class{Name: name, File: pf.path, Line: typeLine[name], Bases: []string{"APIResource"}, Methods: ms, Children: services(st)})
		case strings.HasSuffix(name, "Error"):
			// Error types (`type Error = apierror.Error`): reported by name.
			out.Classes = append(out.Classes, class{Name: name, File: pf.path, Line: typeLine[name], Bases: []string{}, Methods: []method{}, Children: []child{}})
		case isStruct && !strings.HasSuffix(name, "Params"):
			out.Models = append(out.Models, model{Name: name, Fields: structFields(st, underlying), Location: location{File: pf.path, Line: typeLine[name]}})
		case aliases[name] != "" && structs[aliases[name]] != nil && !strings.HasSuffix(name, "Params"):
			out.Models = append(out.Models, model{Name: name, Fields: structFields(structs[aliases[name]], underlying), Location: location{File: pf.path, Line: typeLine[name]}})
		}
	}
	for _, pf := range helpers {
		for _, decl := range pf.file.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.TYPE {
				continue
			}
			for _, spec := range gen.Specs {
				ts := spec.(*ast.TypeSpec)
				if ts.Name.IsExported() {
					out.Classes = append(out.Classes, class{Name: ts.Name.Name, File: pf.path, Line: line(ts.Pos()), Bases: []string{}, Methods: []method{}, Children: []child{}})
				}
			}
		}
	}
	seen := map[string]bool{}
	for _, pf := range options {
		for _, decl := range pf.file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "With") || seen[fn.Name.Name] {
				continue
			}
			seen[fn.Name.Name] = true
			var types []string
			kind := "unknown"
			for i, p := range fn.Type.Params.List {
				t := typeText(p.Type)
				n := len(p.Names)
				if n == 0 {
					n = 1
				}
				for j := 0; j < n; j++ {
					types = append(types, t)
				}
				if i == 0 {
					kind = kindOf(p.Type, underlying, 0)
				}
			}
			if len(fn.Type.Params.List) == 0 {
				kind = "boolean"
			}
			out.ClientOptions = append(out.ClientOptions, field{Name: fn.Name.Name, Required: false, Type: "(" + strings.Join(types, ", ") + ")", Kind: kind})
		}
	}
	sort.Slice(out.ClientOptions, func(i, j int) bool { return out.ClientOptions[i].Name < out.ClientOptions[j].Name })
}

func receiverName(e ast.Expr) string {
	if star, ok := e.(*ast.StarExpr); ok {
		e = star.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// services: the struct's exported fields whose type is a service (`Instances InstanceService`).
func services(st *ast.StructType) []child {
	out := []child{}
	for _, f := range st.Fields.List {
		name := receiverName(f.Type)
		if !strings.HasSuffix(name, "Service") {
			continue
		}
		for _, n := range f.Names {
			if n.IsExported() {
				out = append(out, child{Name: n.Name, ClassName: name})
			}
		}
	}
	return out
}

var deprecated = regexp.MustCompile(`(?m)^Deprecated:`)

func readMethod(fn *ast.FuncDecl, structs map[string]*ast.StructType, underlying map[string]ast.Expr) method {
	m := method{Name: fn.Name.Name, Params: []param{}, Line: line(fn.Pos())}
	if fn.Doc != nil && deprecated.MatchString(fn.Doc.Text()) {
		m.Deprecated = true
	}
	for _, p := range fn.Type.Params.List {
		t := typeText(p.Type)
		if t == "context.Context" {
			continue
		}
		if _, variadic := p.Type.(*ast.Ellipsis); variadic {
			continue // opts ...option.RequestOption
		}
		named := receiverName(p.Type)
		if st, ok := structs[named]; ok && strings.HasSuffix(named, "Params") {
			// The params struct: its fields are the call's named parameters.
			for _, f := range structFields(st, underlying) {
				m.Params = append(m.Params, param{Name: f.Name, Required: f.Required, Type: f.Type, Kind: f.Kind})
			}
			continue
		}
		for _, n := range p.Names {
			m.Params = append(m.Params, param{Name: n.Name, Required: true, Type: t, Kind: kindOf(p.Type, underlying, 0), Positional: true})
		}
	}
	var results []string
	if fn.Type.Results != nil {
		for _, r := range fn.Type.Results.List {
			t := typeText(r.Type)
			if t == "error" {
				continue
			}
			results = append(results, t)
			if strings.Contains(t, "pagination.") {
				m.Paginated = true
			}
			if strings.Contains(t, "ssestream.") {
				m.Streaming = true
			}
		}
	}
	m.ReturnType = strings.Join(results, ", ")
	if m.ReturnType == "" {
		m.ReturnType = "error"
	}
	if fn.Body != nil {
		m.Endpoint = findEndpoint(fn.Body)
	}
	return m
}

var verb = regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z]`)

// findEndpoint: the HTTP method (`http.MethodPost`) and the path (`path := "..."`, a
// `fmt.Sprintf` of a literal, or a concatenation of literals and escaped arguments).
func findEndpoint(body *ast.BlockStmt) *endpoint {
	var method, route string
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && id.Name == "http" && strings.HasPrefix(x.Sel.Name, "Method") && method == "" {
				method = strings.ToLower(strings.TrimPrefix(x.Sel.Name, "Method"))
			}
		case *ast.AssignStmt:
			if route == "" && len(x.Lhs) == 1 && len(x.Rhs) == 1 {
				if id, ok := x.Lhs[0].(*ast.Ident); ok && id.Name == "path" {
					route = pathOf(x.Rhs[0])
				}
			}
		}
		return true
	})
	if method == "" || route == "" {
		return nil
	}
	if !strings.HasPrefix(route, "/") {
		route = "/" + route
	}
	return &endpoint{Method: method, Path: route}
}

func pathOf(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.BasicLit:
		if s, err := strconv.Unquote(x.Value); err == nil && x.Kind == token.STRING {
			return s
		}
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			return pathOf(x.X) + pathOf(x.Y)
		}
	case *ast.ParenExpr:
		return pathOf(x.X)
	case *ast.CallExpr:
		if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Sprintf" && len(x.Args) > 0 {
			if lit, ok := x.Args[0].(*ast.BasicLit); ok {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					return verb.ReplaceAllString(s, "{}")
				}
			}
		}
		return "{}"
	}
	return "{}"
}

// structFields: the exported, named fields of a params or response struct; `JSON` (the raw
// metadata of response structs) and embedded fields are left out. Required: a `required` tag
// option, or a field that is neither `param.Opt`, a pointer, nor tagged omitzero/omitempty.
func structFields(st *ast.StructType, underlying map[string]ast.Expr) []field {
	out := []field{}
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 {
			continue
		}
		tag := ""
		if f.Tag != nil {
			if s, err := strconv.Unquote(f.Tag.Value); err == nil {
				tag = s
			}
		}
		st := reflect.StructTag(tag)
		if st.Get("json") == "-" && st.Get("path") == "" && st.Get("query") == "" && st.Get("header") == "" && st.Get("form") == "" && st.Get("cookie") == "" {
			continue
		}
		opts := ""
		for _, key := range []string{"json", "query", "header", "path", "form", "cookie"} {
			if v, ok := st.Lookup(key); ok && v != "-" {
				opts += "," + v
			}
		}
		t := typeText(f.Type)
		_, pointer := f.Type.(*ast.StarExpr)
		required := strings.Contains(opts, ",required") ||
			(!strings.Contains(opts, ",omitzero") && !strings.Contains(opts, ",omitempty") && !pointer && !strings.HasPrefix(t, "param.Opt["))
		for _, n := range f.Names {
			if !n.IsExported() || n.Name == "JSON" {
				continue
			}
			out = append(out, field{Name: n.Name, Required: required, Type: t, Kind: kindOf(f.Type, underlying, 0)})
		}
	}
	return out
}

func typeText(e ast.Expr) string {
	var b strings.Builder
	writeType(&b, e)
	s := b.String()
	if len(s) > 120 {
		s = s[:119] + "…"
	}
	return s
}

func writeType(b *strings.Builder, e ast.Expr) {
	switch x := e.(type) {
	case *ast.Ident:
		b.WriteString(x.Name)
	case *ast.SelectorExpr:
		writeType(b, x.X)
		b.WriteString(".")
		b.WriteString(x.Sel.Name)
	case *ast.StarExpr:
		b.WriteString("*")
		writeType(b, x.X)
	case *ast.ArrayType:
		b.WriteString("[]")
		writeType(b, x.Elt)
	case *ast.MapType:
		b.WriteString("map[")
		writeType(b, x.Key)
		b.WriteString("]")
		writeType(b, x.Value)
	case *ast.Ellipsis:
		b.WriteString("...")
		writeType(b, x.Elt)
	case *ast.IndexExpr:
		writeType(b, x.X)
		b.WriteString("[")
		writeType(b, x.Index)
		b.WriteString("]")
	case *ast.IndexListExpr:
		writeType(b, x.X)
		b.WriteString("[")
		for i, idx := range x.Indices {
			if i > 0 {
				b.WriteString(", ")
			}
			writeType(b, idx)
		}
		b.WriteString("]")
	case *ast.InterfaceType:
		b.WriteString("any")
	case *ast.StructType:
		b.WriteString("struct{…}")
	case *ast.FuncType:
		b.WriteString("func(…)")
	case *ast.ChanType:
		b.WriteString("chan ")
		writeType(b, x.Value)
	default:
		b.WriteString("?")
	}
}

// kindOf: the coarse kind the diff compares across SDKs (build-surface.ts ValueKind).
func kindOf(e ast.Expr, underlying map[string]ast.Expr, depth int) string {
	if depth > 8 {
		return "unknown"
	}
	switch x := e.(type) {
	case *ast.StarExpr:
		return kindOf(x.X, underlying, depth+1)
	case *ast.ArrayType:
		if id, ok := x.Elt.(*ast.Ident); ok && id.Name == "byte" {
			return "file"
		}
		return "array"
	case *ast.MapType, *ast.StructType:
		return "object"
	case *ast.InterfaceType:
		return "unknown"
	case *ast.IndexExpr:
		// param.Opt[T], respjson-style wrappers: the kind of T.
		if sel, ok := x.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "Opt" {
			return kindOf(x.Index, underlying, depth+1)
		}
		return "object"
	case *ast.SelectorExpr:
		switch typeText(x) {
		case "io.Reader", "io.ReadCloser", "os.File":
			return "file"
		case "time.Time", "time.Duration":
			return "string"
		case "json.RawMessage":
			return "unknown"
		}
		return "unknown"
	case *ast.Ident:
		switch x.Name {
		case "string":
			return "string"
		case "bool":
			return "boolean"
		case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64":
			return "number"
		case "any", "error":
			return "unknown"
		}
		if u, ok := underlying[x.Name]; ok {
			if st, ok := u.(*ast.StructType); ok {
				// A union: a struct whose fields are all `Of...` variants.
				variants := 0
				for _, f := range st.Fields.List {
					for _, n := range f.Names {
						if strings.HasPrefix(n.Name, "Of") {
							variants++
						}
					}
				}
				if variants > 0 && variants == countNamed(st) {
					return "union"
				}
				return "object"
			}
			return kindOf(u, underlying, depth+1)
		}
		return "unknown"
	}
	return "unknown"
}

func countNamed(st *ast.StructType) int {
	n := 0
	for _, f := range st.Fields.List {
		for _, name := range f.Names {
			if name.IsExported() && name.Name != "JSON" {
				n++
			}
		}
	}
	return n
}
