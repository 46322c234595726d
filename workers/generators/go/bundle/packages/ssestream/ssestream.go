// Package ssestream reads a response of server-sent events (text/event-stream) event by event.
package ssestream

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"iter"
	"net/http"
	"strings"
)

// Event is one server-sent event.
type Event struct {
	Type string
	ID   string
	Data []byte
}

// Stream decodes the data of each event as a T (JSON, or the text itself when T is string).
type Stream[T any] struct {
	body    io.ReadCloser
	scanner *bufio.Scanner
	current T
	event   Event
	err     error
	done    bool
}

// NewStream reads resp's body; err (a failed request) is returned by Err.
func NewStream[T any](resp *http.Response, err error) *Stream[T] {
	s := &Stream[T]{err: err}
	if err == nil && resp != nil {
		s.body = resp.Body
		s.scanner = bufio.NewScanner(resp.Body)
		s.scanner.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	}
	return s
}

// Next reads the next event; it is false at the end of the stream or on an error (see Err).
func (s *Stream[T]) Next() bool {
	if s.err != nil || s.done || s.scanner == nil {
		return false
	}
	var event Event
	var data bytes.Buffer
	hasData := false
	for s.scanner.Scan() {
		line := s.scanner.Text()
		if line == "" {
			if !hasData {
				event = Event{}
				continue
			}
			event.Data = data.Bytes()
			if string(event.Data) == "[DONE]" {
				s.done = true
				return false
			}
			s.event = event
			var value T
			if text, ok := any(&value).(*string); ok {
				*text = string(event.Data)
			} else if err := json.Unmarshal(event.Data, &value); err != nil {
				s.err = err
				return false
			}
			s.current = value
			return true
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			event.Type = value
		case "id":
			event.ID = value
		case "data":
			if hasData {
				data.WriteByte('\n')
			}
			data.WriteString(value)
			hasData = true
		}
	}
	s.err = s.scanner.Err()
	s.done = true
	return false
}

// Current returns the value of the event Next read.
func (s *Stream[T]) Current() T { return s.current }

// Event returns the event Next read, with its type, id and raw data.
func (s *Stream[T]) Event() Event { return s.event }

// Err returns the error that ended the stream, if any.
func (s *Stream[T]) Err() error { return s.err }

// Close closes the response body.
func (s *Stream[T]) Close() error {
	if s.body == nil {
		return nil
	}
	return s.body.Close()
}

// All iterates over the events' values and closes the stream at the end; an error ends it as
// its last pair.
func (s *Stream[T]) All() iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		defer s.Close()
		for s.Next() {
			if !yield(s.Current(), nil) {
				return
			}
		}
		if s.err != nil {
			var zero T
			yield(zero, s.err)
		}
	}
}
