// Package apijson encodes request structs and decodes response structs by their `json` tags.
// Field names in tags are percent-encoded where encoding/json could not carry them (quotes,
// commas, backslashes), so every wire name survives; `omitzero` leaves out a zero field (an
// omitted param.Opt, a nil slice). Decoding is lenient per field: a value of the wrong type leaves
// the Go field zero and marks its respjson.Field invalid, unknown keys land in ExtraFields.
package apijson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"strings"

	"sdkruntime/packages/respjson"
)

// Tag is a parsed `json` struct tag.
type Tag struct {
	Name     string
	OmitZero bool
}

// ParseTag reads a `json` tag; ok is false for fields that are not on the wire.
func ParseTag(field reflect.StructField, key string) (Tag, bool) {
	raw, found := field.Tag.Lookup(key)
	if !found || raw == "-" || !field.IsExported() {
		return Tag{}, false
	}
	name, options, _ := strings.Cut(raw, ",")
	if decoded, err := url.PathUnescape(name); err == nil {
		name = decoded
	}
	tag := Tag{Name: name}
	for _, option := range strings.Split(options, ",") {
		if option == "omitzero" {
			tag.OmitZero = true
		}
	}
	return tag, true
}

// IsZero reports whether v is its type's zero value, asking the value itself when it can say.
func IsZero(v reflect.Value) bool {
	if z, ok := v.Interface().(interface{ IsZero() bool }); ok {
		if v.Kind() == reflect.Pointer && v.IsNil() {
			return true
		}
		return z.IsZero()
	}
	return v.IsZero()
}

// MarshalRoot encodes a request struct by its `json` tags without calling its own MarshalJSON
// (the generated MarshalJSON methods call it); nested values are encoded by encoding/json.
func MarshalRoot(value any) ([]byte, error) {
	v := reflect.ValueOf(value)
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return []byte("null"), nil
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return json.Marshal(value)
	}
	var buf bytes.Buffer
	buf.WriteByte('{')
	first := true
	t := v.Type()
	for i := range t.NumField() {
		tag, ok := ParseTag(t.Field(i), "json")
		if !ok {
			continue
		}
		field := v.Field(i)
		if tag.OmitZero && IsZero(field) {
			continue
		}
		encoded, err := json.Marshal(field.Interface())
		if err != nil {
			return nil, fmt.Errorf("field %q: %w", tag.Name, err)
		}
		key, err := json.Marshal(tag.Name)
		if err != nil {
			return nil, err
		}
		if !first {
			buf.WriteByte(',')
		}
		first = false
		buf.Write(key)
		buf.WriteByte(':')
		buf.Write(encoded)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// MarshalUnion encodes the first variant that is set (not nil, not an omitted param.Opt).
func MarshalUnion(variants ...any) ([]byte, error) {
	for _, variant := range variants {
		v := reflect.ValueOf(variant)
		if !v.IsValid() || IsZero(v) {
			continue
		}
		return json.Marshal(variant)
	}
	return []byte("null"), nil
}

// UnionIsZero reports whether no variant of a union param is set.
func UnionIsZero(variants ...any) bool {
	for _, variant := range variants {
		v := reflect.ValueOf(variant)
		if v.IsValid() && !IsZero(v) {
			return false
		}
	}
	return true
}

// UnmarshalRoot decodes a JSON object into the struct target points to, field by field by the
// `json` tags, filling the struct's `JSON` metadata field (one respjson.Field per Go field and
// ExtraFields for unknown keys). It never calls the target's own UnmarshalJSON.
func UnmarshalRoot(data []byte, target any) error {
	v := reflect.ValueOf(target)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("apijson: UnmarshalRoot needs a pointer to a struct, got %T", target)
	}
	v = v.Elem()
	trimmed := bytes.TrimSpace(data)
	if bytes.Equal(trimmed, []byte("null")) {
		return nil
	}
	var object map[string]json.RawMessage
	if err := json.Unmarshal(trimmed, &object); err != nil {
		return fmt.Errorf("apijson: expected a JSON object for %s: %w", v.Type().Name(), err)
	}
	meta := v.FieldByName("JSON")
	known := map[string]bool{}
	t := v.Type()
	for i := range t.NumField() {
		tag, ok := ParseTag(t.Field(i), "json")
		if !ok {
			continue
		}
		known[tag.Name] = true
		raw, found := object[tag.Name]
		if !found {
			continue
		}
		var status respjson.Field
		switch {
		case bytes.Equal(bytes.TrimSpace(raw), []byte("null")):
			status = respjson.NewNullField()
		case json.Unmarshal(raw, v.Field(i).Addr().Interface()) != nil:
			v.Field(i).SetZero()
			status = respjson.NewInvalidField(string(raw))
		default:
			status = respjson.NewValidField(string(raw))
		}
		if meta.IsValid() {
			if slot := meta.FieldByName(t.Field(i).Name); slot.IsValid() && slot.CanSet() {
				slot.Set(reflect.ValueOf(status))
			}
		}
	}
	if meta.IsValid() {
		if extras := meta.FieldByName("ExtraFields"); extras.IsValid() && extras.CanSet() {
			m := map[string]respjson.Field{}
			for key, raw := range object {
				if !known[key] {
					m[key] = respjson.NewValidField(string(raw))
				}
			}
			if len(m) > 0 {
				extras.Set(reflect.ValueOf(m))
			}
		}
	}
	return nil
}

// UnmarshalVariant decodes a union's raw JSON as one of its variants.
func UnmarshalVariant(raw string, target any) error {
	if raw == "" {
		return fmt.Errorf("apijson: the union holds no value")
	}
	return json.Unmarshal([]byte(raw), target)
}

// Discriminator reads a string property of a union's raw JSON (its discriminator), "" if absent.
func Discriminator(raw string, property string) string {
	var object map[string]json.RawMessage
	if json.Unmarshal([]byte(raw), &object) != nil {
		return ""
	}
	var value string
	if json.Unmarshal(object[property], &value) != nil {
		return ""
	}
	return value
}
