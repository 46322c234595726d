// Package respjson describes how each field of a response was read: present, null, missing or
// not of the declared type, and the raw JSON it came from.
package respjson

type status uint8

const (
	missing status = iota
	valid
	null
	invalid
)

// Field is the metadata of one field of a response.
type Field struct {
	status status
	raw    string
}

// NewValidField is a field read as its declared type from raw.
func NewValidField(raw string) Field { return Field{status: valid, raw: raw} }

// NewNullField is a field sent as JSON null.
func NewNullField() Field { return Field{status: null, raw: "null"} }

// NewInvalidField is a field whose JSON did not match its declared type (the Go field is left zero).
func NewInvalidField(raw string) Field { return Field{status: invalid, raw: raw} }

// Valid reports whether the field was present, not null, and of its declared type.
func (f Field) Valid() bool { return f.status == valid }

// IsPresent reports whether the field was in the response at all (null included).
func (f Field) IsPresent() bool { return f.status != missing }

// IsNull reports whether the field was JSON null.
func (f Field) IsNull() bool { return f.status == null }

// IsInvalid reports whether the field's JSON did not match its declared type.
func (f Field) IsInvalid() bool { return f.status == invalid }

// Raw returns the field's JSON as received ("" when it was missing).
func (f Field) Raw() string { return f.raw }
