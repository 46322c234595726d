// Package param holds what request parameters are built from: Opt, which tells a field left out
// of a request from one sent as null and from one sent with its zero value, and File for uploads.
package param

import (
	"encoding/json"
	"io"
)

type presence uint8

const (
	omitted presence = iota
	present
	null
)

// Opt is an optional request field. Its zero value is omitted from the request; NewOpt sends a
// value (its zero value too) and Null sends JSON null.
type Opt[T any] struct {
	value T
	state presence
}

// NewOpt returns an Opt that sends v.
func NewOpt[T any](v T) Opt[T] { return Opt[T]{value: v, state: present} }

// Null returns an Opt that sends JSON null.
func Null[T any]() Opt[T] { return Opt[T]{state: null} }

// Valid reports whether the Opt holds a value (it is neither omitted nor null).
func (o Opt[T]) Valid() bool { return o.state == present }

// IsNull reports whether the Opt sends JSON null.
func (o Opt[T]) IsNull() bool { return o.state == null }

// IsOmitted reports whether the Opt is left out of the request.
func (o Opt[T]) IsOmitted() bool { return o.state == omitted }

// IsZero reports whether the Opt is omitted; it is what the `omitzero` option tests.
func (o Opt[T]) IsZero() bool { return o.state == omitted }

// Value returns the value the Opt holds, or the zero value of T.
func (o Opt[T]) Value() T { return o.value }

// Or returns the value the Opt holds, or fallback when it holds none.
func (o Opt[T]) Or(fallback T) T {
	if o.state == present {
		return o.value
	}
	return fallback
}

// AnyValue returns the value as an any, for the encoders of query strings, headers and forms.
func (o Opt[T]) AnyValue() any { return o.value }

// MarshalJSON writes the value, or null when the Opt is null or omitted.
func (o Opt[T]) MarshalJSON() ([]byte, error) {
	if o.state != present {
		return []byte("null"), nil
	}
	return json.Marshal(o.value)
}

// Optional is what every Opt is, whatever its T.
type Optional interface {
	Valid() bool
	IsNull() bool
	IsOmitted() bool
	AnyValue() any
}

// FileReader is an upload: its bytes, the file name sent with them and their content type.
type FileReader struct {
	io.Reader
	Filename    string
	ContentType string
}

// File names the bytes of r as an upload. An empty contentType sends application/octet-stream.
func File(r io.Reader, filename string, contentType string) io.Reader {
	return FileReader{Reader: r, Filename: filename, ContentType: contentType}
}
