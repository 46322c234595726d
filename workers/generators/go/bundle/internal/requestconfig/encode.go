package requestconfig

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"sdkruntime/internal/apijson"
	"sdkruntime/packages/param"
)

// encodeParams reads the query, header and cookie fields of a params struct (tags `query`,
// `header`, `cookie`). A field tagged `query:"name,comma"` joins a list with commas (style form,
// explode false); other lists repeat the parameter; an object is sent deepObject style
// (`name[key]=value`) when tagged `deepObject`, one parameter per member when tagged `explode`
// (style form, explode true), `name=k1,v1,k2,v2` when tagged `comma`, else as its JSON.
func encodeParams(params any) (url.Values, http.Header, []*http.Cookie, error) {
	query, header := url.Values{}, http.Header{}
	var cookies []*http.Cookie
	v := reflect.ValueOf(params)
	for v.IsValid() && v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return query, header, nil, nil
		}
		v = v.Elem()
	}
	if !v.IsValid() || v.Kind() != reflect.Struct {
		return query, header, nil, nil
	}
	t := v.Type()
	for i := range t.NumField() {
		field := t.Field(i)
		if !field.IsExported() {
			continue
		}
		for _, location := range []string{"query", "header", "cookie"} {
			tag, ok := field.Tag.Lookup(location)
			if !ok {
				continue
			}
			name, options, _ := strings.Cut(tag, ",")
			if decoded, err := url.PathUnescape(name); err == nil {
				name = decoded
			}
			if strings.Contains(options, "omitzero") && apijson.IsZero(v.Field(i)) {
				continue
			}
			value, present := unwrap(v.Field(i))
			if !present {
				continue
			}
			texts, err := textValues(name, value, options)
			if err != nil {
				return nil, nil, nil, err
			}
			for _, kv := range texts {
				switch location {
				case "query":
					query.Add(kv[0], kv[1])
				case "header":
					header.Add(name, kv[1])
				case "cookie":
					cookies = append(cookies, &http.Cookie{Name: name, Value: url.QueryEscape(kv[1])})
				}
			}
		}
	}
	return query, header, cookies, nil
}

// unwrap returns the value a field holds: an Opt's value, a pointer's target; present is false
// for an omitted Opt, a nil pointer, slice or map.
func unwrap(v reflect.Value) (reflect.Value, bool) {
	if opt, ok := v.Interface().(param.Optional); ok {
		if opt.IsOmitted() {
			return reflect.Value{}, false
		}
		if opt.IsNull() {
			return reflect.ValueOf(""), true
		}
		return reflect.ValueOf(opt.AnyValue()), true
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return reflect.Value{}, false
		}
		return unwrap(v.Elem())
	case reflect.Slice, reflect.Map:
		if v.IsNil() {
			return reflect.Value{}, false
		}
	}
	return v, true
}

func scalarText(v reflect.Value) (string, bool) {
	switch v.Kind() {
	case reflect.String:
		return v.String(), true
	case reflect.Bool:
		return strconv.FormatBool(v.Bool()), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.FormatUint(v.Uint(), 10), true
	case reflect.Float32, reflect.Float64:
		return strconv.FormatFloat(v.Float(), 'f', -1, 64), true
	}
	return "", false
}

func textValues(name string, v reflect.Value, options string) ([][2]string, error) {
	if text, ok := scalarText(v); ok {
		return [][2]string{{name, text}}, nil
	}
	if v.Kind() == reflect.Slice || v.Kind() == reflect.Array {
		var texts []string
		for i := range v.Len() {
			item, present := unwrap(v.Index(i))
			if !present {
				continue
			}
			text, ok := scalarText(item)
			if !ok {
				encoded, err := json.Marshal(item.Interface())
				if err != nil {
					return nil, err
				}
				text = jsonText(encoded)
			}
			texts = append(texts, text)
		}
		if strings.Contains(options, "comma") {
			return [][2]string{{name, strings.Join(texts, ",")}}, nil
		}
		out := make([][2]string, len(texts))
		for i, text := range texts {
			out[i] = [2]string{name, text}
		}
		return out, nil
	}
	encoded, err := json.Marshal(v.Interface())
	if err != nil {
		return nil, fmt.Errorf("parameter %q: %w", name, err)
	}
	deep, exploded, comma := strings.Contains(options, "deepObject"), hasOption(options, "explode"), hasOption(options, "comma")
	if deep || exploded || comma {
		var object map[string]any
		if json.Unmarshal(encoded, &object) == nil {
			keys := make([]string, 0, len(object))
			for key := range object {
				keys = append(keys, key)
			}
			sort.Strings(keys)
			var out [][2]string
			var joined []string
			for _, key := range keys {
				text, ok := object[key].(string)
				if !ok {
					raw, _ := json.Marshal(object[key])
					text = string(raw)
				}
				switch {
				case deep:
					out = append(out, [2]string{name + "[" + key + "]", text})
				case exploded:
					// style form, explode true (OpenAPI's default): each member a parameter of its own.
					out = append(out, [2]string{key, text})
				default:
					// style form, explode false: `name=k1,v1,k2,v2`.
					joined = append(joined, key, text)
				}
			}
			if comma && !deep && !exploded {
				return [][2]string{{name, strings.Join(joined, ",")}}, nil
			}
			return out, nil
		}
	}
	return [][2]string{{name, jsonText(encoded)}}, nil
}

// jsonText is the text of a value marshalled to JSON: a string's own characters (a union holding
// `"auto"` is sent as auto, as a plain string field is), else the JSON as is.
func jsonText(encoded []byte) string {
	var text string
	if len(encoded) > 0 && encoded[0] == '"' && json.Unmarshal(encoded, &text) == nil {
		return text
	}
	return string(encoded)
}

// hasOption reports whether a tag's comma-separated options hold `option`.
func hasOption(options, option string) bool {
	for _, o := range strings.Split(options, ",") {
		if o == option {
			return true
		}
	}
	return false
}

func encodeBody(req Request) ([]byte, string, error) {
	source := req.Params
	if req.Whole {
		source = req.Body
		// A body left out is not sent: an omitted param.Opt, or nil (a slice, map or pointer not set).
		if opt, ok := source.(param.Optional); ok && opt.IsOmitted() {
			return nil, "", nil
		}
		if v := reflect.ValueOf(source); !v.IsValid() || isNilKind(v) {
			return nil, "", nil
		}
	}
	switch req.BodyKind {
	case "":
		return nil, "", nil
	case "json":
		data, err := json.Marshal(source)
		if err != nil {
			return nil, "", fmt.Errorf("encoding the request body: %w", err)
		}
		return data, contentTypeOr(req.ContentType, "application/json"), nil
	case "multipart":
		return encodeMultipart(source)
	case "form":
		values := url.Values{}
		// Each field by OpenAPI's default encoding of a form body (`style: form`, `explode: true`), as
		// the TypeScript and Python SDKs send it: an array item by item, an object member by member.
		if err := eachBodyField(source, func(name string, v reflect.Value) error {
			texts, err := textValues(name, v, "explode")
			for _, kv := range texts {
				values.Add(kv[0], kv[1])
			}
			return err
		}); err != nil {
			return nil, "", err
		}
		return []byte(values.Encode()), "application/x-www-form-urlencoded", nil
	case "text":
		text, _ := source.(string)
		return []byte(text), contentTypeOr(req.ContentType, "text/plain"), nil
	case "binary":
		var data []byte
		switch b := source.(type) {
		case []byte:
			data = b
		case io.Reader:
			read, err := io.ReadAll(b)
			if err != nil {
				return nil, "", fmt.Errorf("reading the request body: %w", err)
			}
			data = read
		case nil:
			return nil, "", nil
		default:
			return nil, "", fmt.Errorf("a binary body must be []byte or an io.Reader, got %T", source)
		}
		return data, contentTypeOr(req.ContentType, "application/octet-stream"), nil
	}
	return nil, "", fmt.Errorf("unknown body kind %q", req.BodyKind)
}

// isNilKind reports whether v is a nil slice, map, pointer or interface.
func isNilKind(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Slice, reflect.Map, reflect.Pointer, reflect.Interface:
		return v.IsNil()
	}
	return false
}

func contentTypeOr(given, fallback string) string {
	if given != "" {
		return given
	}
	return fallback
}

// eachBodyField calls fn for every `json`-tagged field of a struct that is present.
func eachBodyField(source any, fn func(name string, v reflect.Value) error) error {
	v := reflect.ValueOf(source)
	for v.IsValid() && v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if !v.IsValid() || v.Kind() != reflect.Struct {
		return fmt.Errorf("a form body must be a struct, got %T", source)
	}
	t := v.Type()
	for i := range t.NumField() {
		tag, ok := apijson.ParseTag(t.Field(i), "json")
		if !ok {
			continue
		}
		value, present := unwrap(v.Field(i))
		if !present || (tag.OmitZero && apijson.IsZero(v.Field(i))) {
			continue
		}
		if err := fn(tag.Name, value); err != nil {
			return err
		}
	}
	return nil
}

var readerType = reflect.TypeFor[io.Reader]()

// encodeMultipart writes a multipart/form-data body: io.Reader fields are files (param.File names
// them; an *os.File's name is used), lists repeat the field, scalars are text, objects JSON.
func encodeMultipart(source any) ([]byte, string, error) {
	var buf bytes.Buffer
	writer := multipart.NewWriter(&buf)
	var writeValue func(name string, v reflect.Value) error
	writeValue = func(name string, v reflect.Value) error {
		if v.Type().Implements(readerType) || (v.Kind() == reflect.Interface && v.Elem().IsValid() && v.Elem().Type().Implements(readerType)) {
			return writeFile(writer, name, v.Interface().(io.Reader))
		}
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() != reflect.Uint8 {
			for i := range v.Len() {
				item, present := unwrap(v.Index(i))
				if !present {
					continue
				}
				if err := writeValue(name, item); err != nil {
					return err
				}
			}
			return nil
		}
		text, ok := scalarText(v)
		if !ok {
			encoded, err := json.Marshal(v.Interface())
			if err != nil {
				return err
			}
			text = jsonText(encoded)
		}
		return writer.WriteField(name, text)
	}
	if err := eachBodyField(source, writeValue); err != nil {
		return nil, "", err
	}
	if err := writer.Close(); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), writer.FormDataContentType(), nil
}

func writeFile(writer *multipart.Writer, name string, r io.Reader) error {
	filename, contentType := "file", "application/octet-stream"
	if file, ok := r.(param.FileReader); ok {
		if file.Filename != "" {
			filename = file.Filename
		}
		if file.ContentType != "" {
			contentType = file.ContentType
		}
	} else if named, ok := r.(interface{ Name() string }); ok {
		if base := named.Name(); base != "" {
			filename = base[strings.LastIndexAny(base, `/\`)+1:]
		}
	}
	header := textproto.MIMEHeader{}
	header.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"; filename="%s"`, escapeQuotes(name), escapeQuotes(filename)))
	header.Set("Content-Type", contentType)
	part, err := writer.CreatePart(header)
	if err != nil {
		return err
	}
	_, err = io.Copy(part, r)
	return err
}

var quoteEscaper = strings.NewReplacer("\\", "\\\\", `"`, "\\\"", "\r", "%0D", "\n", "%0A")

func escapeQuotes(s string) string { return quoteEscaper.Replace(s) }
