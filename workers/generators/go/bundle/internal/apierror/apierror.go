// Package apierror holds the error every request answers with when the API answers a status
// outside 2xx.
package apierror

import (
	"fmt"
	"net/http"
)

// Error is a response with a status outside 2xx. Use errors.As to read it from a returned error.
type Error struct {
	// StatusCode is the HTTP status of the response.
	StatusCode int
	// RequestID is the response's request id header (x-request-id or request-id), when sent.
	RequestID string
	// Body is the response body as received.
	Body     string
	Request  *http.Request
	Response *http.Response
}

// Error describes the request and the status.
func (e *Error) Error() string {
	method, target := "", ""
	if e.Request != nil {
		method = e.Request.Method
		target = e.Request.URL.String()
	}
	text := fmt.Sprintf("%s %q: %d %s", method, target, e.StatusCode, http.StatusText(e.StatusCode))
	if e.RequestID != "" {
		text += " (request id " + e.RequestID + ")"
	}
	if e.Body != "" {
		body := e.Body
		if len(body) > 500 {
			body = body[:500] + "..."
		}
		text += " " + body
	}
	return text
}

// RawJSON returns the response body as received.
func (e *Error) RawJSON() string { return e.Body }
