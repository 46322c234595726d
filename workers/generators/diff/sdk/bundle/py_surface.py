"""Reads the public surface of a Python SDK with the standard `ast` module.

Parse only: the customer's code is never imported, compiled to bytecode or run. Input is JSON
on stdin: {"files": [{"path": str, "content": str}], "maxProblemsPerFile": int}. Output is one
JSON document on stdout: {"classes": [...], "models": [...], "problems": [...]}, in the shape of
`RawSdk` in build-surface.ts. Limits: argv[1] = memory limit in MiB, argv[2] = CPU seconds; both
are applied with resource.setrlimit before the input is read.
"""

import ast
import json
import sys

SKIP_PARAMS = {"self", "cls", "extra_headers", "extra_query", "extra_body", "timeout", "idempotency_key"}
HTTP_CALLS = {
    "_get": "get", "_post": "post", "_put": "put", "_patch": "patch", "_delete": "delete",
    "get": "get", "post": "post", "put": "put", "patch": "patch", "delete": "delete",
    "_get_api_list": "get", "get_api_list": "get",
}
MAX_TYPE_TEXT = 120


def apply_limits() -> None:
    try:
        import resource
    except ImportError:  # not POSIX: the parent's wall-clock timeout still applies
        return
    memory_mb = int(sys.argv[1]) if len(sys.argv) > 1 else 256
    cpu_seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))
    resource.setrlimit(resource.RLIMIT_NOFILE, (16, 16))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def text_of(node) -> str:
    try:
        s = " ".join(ast.unparse(node).split())
    except Exception:  # noqa: BLE001 - very deep trees
        s = "?"
    return s if len(s) <= MAX_TYPE_TEXT else s[: MAX_TYPE_TEXT - 1] + "\u2026"


def right_name(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        # A string annotation: "ImageResource" or "image.ImageResource".
        return node.value.strip().split(".")[-1].strip("'\"")
    if isinstance(node, ast.Subscript):
        return right_name(node.value)
    return None


def strip_optional(node):
    """Removes `| NotGiven`, `| None`, `| Omit`, `Optional[...]` wrappers; returns (node-list, nullable)."""
    parts = []

    def flatten(n):
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.BitOr):
            flatten(n.left)
            flatten(n.right)
        elif isinstance(n, ast.Subscript) and right_name(n.value) in ("Union",):
            elts = n.slice.elts if isinstance(n.slice, ast.Tuple) else [n.slice]
            for e in elts:
                flatten(e)
        elif isinstance(n, ast.Subscript) and right_name(n.value) in ("Optional", "Required", "NotRequired", "Annotated"):
            inner = n.slice.elts[0] if isinstance(n.slice, ast.Tuple) else n.slice
            if right_name(n.value) == "Optional":
                parts.append(ast.Constant(value=None))
            flatten(inner)
        else:
            parts.append(n)

    flatten(node)
    real = [p for p in parts if not (isinstance(p, ast.Constant) and p.value is None) and right_name(p) not in ("NotGiven", "Omit", "None")]
    return real, len(real) != len(parts)


def kind_of(node, known) -> str:
    if node is None:
        return "unknown"
    parts, _ = strip_optional(node)
    kinds = set()
    for p in parts:
        kinds.add(kind_one(p, known))
    kinds.discard("null")
    if not kinds:
        return "null"
    if len(kinds) == 1:
        return kinds.pop()
    return "unknown" if "unknown" in kinds else "union"


def kind_one(node, known) -> str:
    name = right_name(node)
    if isinstance(node, ast.Constant):
        if node.value is None:
            return "null"
        if isinstance(node.value, str) and not isinstance(node, ast.Subscript):
            # A string annotation: parse it (parse only) and classify.
            try:
                return kind_of(ast.parse(node.value, mode="eval").body, known)
            except SyntaxError:
                return "unknown"
    if isinstance(node, ast.Subscript):
        if name == "Literal":
            elts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            ks = set()
            for e in elts:
                v = getattr(e, "value", None)
                ks.add("boolean" if isinstance(v, bool) else "string" if isinstance(v, str) else "number" if isinstance(v, (int, float)) else "null" if v is None else "unknown")
            ks.discard("null")
            return ks.pop() if len(ks) == 1 else "union"
        if name in ("List", "list", "Iterable", "Sequence", "SequenceNotStr", "Tuple", "tuple", "Set", "set", "FrozenSet", "AsyncIterable"):
            return "array"
        if name in ("Dict", "dict", "Mapping", "MutableMapping"):
            return "object"
        if name in ("Union", "Optional"):
            return kind_of(node, known)
        if name in ("Type", "Callable"):
            return "unknown"
    if name in ("str", "date", "datetime", "AnyStr"):
        return "string"
    if name in ("int", "float", "Decimal"):
        return "number"
    if name == "bool":
        return "boolean"
    if name in ("object", "Dict", "dict", "Mapping", "Body", "Query", "Headers"):
        return "object"
    if name in ("FileTypes", "FileContent", "IO", "bytes", "BinaryIO", "PathLike", "Base64FileInput"):
        return "file"
    if name in ("List", "list", "Iterable", "Sequence"):
        return "array"
    if name is not None and name in known:
        return known[name]
    return "unknown"


def default_is_absent(node) -> bool:
    n = right_name(node) if node is not None else None
    return n in ("NOT_GIVEN", "omit", "NotGiven", "Omit")


def endpoint_of(body):
    """The first `self._post("/x", ...)` / `self._get(f"/x/{id}")` / `self._get_api_list(...)` call."""
    found = {}
    stream = [False]

    def path_text(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.JoinedStr):
            out = ""
            for v in node.values:
                if isinstance(v, ast.Constant):
                    out += str(v.value)
                elif isinstance(v, ast.FormattedValue):
                    out += "{" + (right_name(v.value) or "") + "}"
            return out
        if isinstance(node, ast.Call) and node.args:
            return path_text(node.args[0])
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            return path_text(node.left)
        return None

    for stmt in body:
        for node in ast.walk(stmt):
            if not isinstance(node, ast.Call):
                continue
            for kw in node.keywords:
                if kw.arg == "stream" and not (isinstance(kw.value, ast.Constant) and kw.value.value is False):
                    stream[0] = True
            if "method" in found:
                continue
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in HTTP_CALLS and node.args:
                p = path_text(node.args[0])
                if p is not None and p.startswith("/"):
                    found["method"] = HTTP_CALLS[func.attr]
                    found["path"] = p
                    found["paginated"] = func.attr.endswith("api_list")
    return found, stream[0]


def is_deprecated(fn) -> bool:
    for d in fn.decorator_list:
        target = d.func if isinstance(d, ast.Call) else d
        if right_name(target) == "deprecated":
            return True
    return False


def decorator_names(fn):
    out = set()
    for d in fn.decorator_list:
        target = d.func if isinstance(d, ast.Call) else d
        n = right_name(target)
        if n:
            out.add(n)
    return out


def read_params(fn, known):
    params = []
    args = fn.args
    positional = list(args.posonlyargs) + list(args.args)
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    for a, d in zip(positional, defaults):
        if a.arg in SKIP_PARAMS:
            continue
        params.append(param(a, d, True, known))
    for a, d in zip(args.kwonlyargs, args.kw_defaults):
        if a.arg in SKIP_PARAMS:
            continue
        params.append(param(a, d, False, known))
    return params


def param(a, default, positional, known):
    ann = a.annotation
    _, nullable = strip_optional(ann) if ann is not None else ([], False)
    return {
        "name": a.arg,
        "required": default is None,
        "type": text_of(ann) if ann is not None else "Any",
        "kind": kind_of(ann, known),
        "positional": positional,
    }


def read_class(node, path, known):
    bases = [right_name(b) or text_of(b) for b in node.bases]
    methods = []
    children = []
    options = None
    groups = {}
    for item in node.body:
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            cls_name = right_name(item.annotation)
            if cls_name and not item.target.id.startswith("_"):
                children.append({"name": item.target.id, "className": cls_name})
        if not isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        decos = decorator_names(item)
        if "cached_property" in decos or "property" in decos:
            cls_name = right_name(item.returns) if item.returns is not None else None
            if cls_name and not item.name.startswith("_"):
                children.append({"name": item.name, "className": cls_name})
            continue
        if item.name == "__init__":
            for stmt in ast.walk(item):
                if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
                    t = stmt.targets[0]
                    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self" and isinstance(stmt.value, ast.Call):
                        cn = right_name(stmt.value.func)
                        if cn and not t.attr.startswith("_"):
                            children.append({"name": t.attr, "className": cn})
            if any((b or "").endswith("Client") for b in bases):
                options = [{"name": p["name"], "required": p["required"], "type": p["type"], "kind": p["kind"]} for p in read_params(item, known)]
            continue
        if item.name.startswith("_") or "staticmethod" in decos or "classmethod" in decos:
            continue
        groups.setdefault(item.name, []).append(item)
    for name, defs in groups.items():
        impl = next((d for d in defs if "overload" not in decorator_names(d)), defs[0])
        found, stream = endpoint_of(impl.body)
        returns = text_of(impl.returns) if impl.returns is not None else ""
        all_returns = " ".join(text_of(d.returns) for d in defs if d.returns is not None)
        m = {
            "name": name,
            "params": read_params(impl, known),
            "returnType": returns,
            "paginated": bool(found.get("paginated")) or "Page" in returns,
            "streaming": stream or "Stream" in all_returns,
            "deprecated": any(is_deprecated(d) for d in defs),
            "line": impl.lineno,
        }
        if "method" in found:
            m["endpoint"] = {"method": found["method"], "path": found["path"]}
        methods.append(m)
    out = {"name": node.name, "file": path, "line": node.lineno, "bases": bases, "methods": methods, "children": children}
    if options is not None:
        out["options"] = options
    return out


def read_model(node, path, known):
    bases = [right_name(b) for b in node.bases]
    total = True
    for kw in node.keywords:
        if kw.arg == "total" and isinstance(kw.value, ast.Constant) and kw.value.value is False:
            total = False
    typed_dict = "TypedDict" in bases
    fields = []
    for item in node.body:
        if not (isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)):
            continue
        ann = item.annotation
        wrapper = right_name(ann) if isinstance(ann, ast.Subscript) else None
        _, nullable = strip_optional(ann)
        if typed_dict:
            required = wrapper == "Required" or (total and wrapper != "NotRequired")
        else:
            required = item.value is None and not nullable
        fields.append({"name": item.target.id, "required": required, "type": text_of(ann), "kind": kind_of(ann, known)})
    return {"name": node.name, "fields": fields, "location": {"file": path, "line": node.lineno}}


MODEL_BASES = {"BaseModel", "TypedDict", "GenericModel"}


def main() -> None:
    apply_limits()
    request = json.loads(sys.stdin.read())
    max_problems = int(request.get("maxProblemsPerFile", 5))
    trees = []
    problems = []
    for f in request.get("files", []):
        path = f.get("path", "<text>")
        if not path.endswith((".py", ".pyi")):
            continue
        try:
            tree = ast.parse(f.get("content", ""), filename=path, mode="exec")
        except SyntaxError as e:
            if len([p for p in problems if p.get("file") == path]) < max_problems:
                problems.append({"kind": "syntax", "message": str(e.msg), "file": path, "line": e.lineno or 0, "column": e.offset or 0})
            continue
        except (RecursionError, MemoryError, ValueError) as e:
            problems.append({"kind": "internal", "message": type(e).__name__ + ": the file is too deeply nested or too large to parse", "file": path})
            continue
        trees.append((path, tree))
    # First pass: which names are models (objects) or type aliases of strings (Literal aliases).
    known = {}
    for _, tree in trees:
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                known[node.name] = "object"
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                try:
                    k = kind_of(node.value, {})
                except RecursionError:
                    k = "unknown"
                if k != "unknown":
                    known[node.targets[0].id] = k
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None and right_name(node.annotation) == "TypeAlias":
                known[node.target.id] = kind_of(node.value, {})
    # Model classes: a model base, or a TypedDict over another TypedDict (a required half over its
    # optional half, as Python 3.10's standard library spells `Required`).
    model_names = set()
    typed_dicts = set()
    changed = True
    while changed:
        changed = False
        for _, tree in trees:
            for node in tree.body:
                if isinstance(node, ast.ClassDef) and node.name not in typed_dicts:
                    bases = {right_name(b) for b in node.bases}
                    if bases & MODEL_BASES:
                        model_names.add(node.name)
                    if bases & ({"TypedDict"} | typed_dicts):
                        model_names.add(node.name)
                        typed_dicts.add(node.name)
                        changed = True
    classes = []
    models = []
    by_name = {}
    for path, tree in trees:
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            try:
                if node.name in model_names:
                    m = read_model(node, path, known)
                    models.append(m)
                    by_name.setdefault(node.name, []).append((m, [right_name(b) for b in node.bases]))
                else:
                    classes.append(read_class(node, path, known))
            except RecursionError:
                problems.append({"kind": "internal", "message": "class " + node.name + " is too deeply nested to read", "file": path, "line": node.lineno})
    # Inherited fields (the base's first declaration by that name).
    def all_fields(name, seen):
        entry = by_name.get(name)
        if not entry or name in seen:
            return []
        m, bases = entry[0]
        inherited = [f for b in bases if b not in MODEL_BASES for f in all_fields(b, seen | {name})]
        own = {f["name"] for f in m["fields"]}
        return [f for f in inherited if f["name"] not in own] + m["fields"]
    for m in models:
        m["fields"] = all_fields(m["name"], set()) if len(by_name.get(m["name"], [])) == 1 else m["fields"]
    # A module-level alias of a model (`X: TypeAlias = Model`, `X = Model`) exports that model under another name.
    for path, tree in trees:
        for node in tree.body:
            target = value = None
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None and right_name(node.annotation) == "TypeAlias":
                target, value = node.target.id, node.value
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                target, value = node.targets[0].id, node.value
            if target is None or not isinstance(value, (ast.Name, ast.Constant)) or target in by_name:
                continue
            aliased = right_name(value)
            entry = by_name.get(aliased) if aliased else None
            if entry:
                models.append({"name": target, "fields": entry[0][0]["fields"], "location": {"file": path, "line": node.lineno}})
    # A class of a private module (`_base_client.py`, `_utils/...`) that no `__init__.py` imports is
    # the runtime's own, not the package's public surface.
    exported = set()
    for path, tree in trees:
        if path.endswith("__init__.py") or path.endswith("__init__.pyi"):
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom):
                    for a in node.names:
                        exported.add(a.asname or a.name)
    for c in classes:
        parts = c["file"].replace("\\", "/").split("/")
        if any(p.startswith("_") and not p.startswith("__init__") for p in parts) and c["name"] not in exported:
            c["private"] = True
    # A model declared in a private module of `types/` and imported by an `__init__.py` is public
    # (our SDKs write a large description's models in `types/_models_<n>.py` parts, re-exported by
    # `types/`); the runtime's own private modules (`_models.py`, `_types.py`) stay private.
    for m in models:
        if m["name"] in exported and "/types/" in "/" + m["location"]["file"].replace("\\", "/"):
            m["exported"] = True
    json.dump({"classes": classes, "models": models, "problems": problems}, sys.stdout)


if __name__ == "__main__":
    main()
