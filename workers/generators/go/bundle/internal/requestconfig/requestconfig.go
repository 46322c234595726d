// Package requestconfig runs the SDK's requests: it applies the client's and the call's options,
// encodes the parameters (path, query, headers, cookies, a JSON, multipart, form, text or bytes
// body), authenticates, retries with backoff (honouring Retry-After), and decodes the response.
package requestconfig

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"sdkruntime/internal/apierror"
)

// DefaultMaxRetries is how often a failed request is retried unless WithMaxRetries says otherwise.
const DefaultMaxRetries = 2

// RequestOption changes the configuration of a request.
type RequestOption interface {
	Apply(*RequestConfig) error
}

// RequestOptionFunc is a RequestOption made of a function.
type RequestOptionFunc func(*RequestConfig) error

// Apply calls the function.
func (f RequestOptionFunc) Apply(r *RequestConfig) error { return f(r) }

// RequestConfig is everything one request is made from.
type RequestConfig struct {
	Context        context.Context
	Method         string
	BaseURL        *url.URL
	Path           string
	Header         http.Header
	Query          url.Values
	HTTPClient     *http.Client
	MaxRetries     int
	RequestTimeout time.Duration
	// Credentials by client option name (an API key, a bearer token).
	Credentials map[string]string
	// TokenSource fetches OAuth2 client-credentials tokens.
	TokenSource *TokenSource
	// IdempotencyHeader is sent with one key for every attempt of a non-GET request ("" for none).
	IdempotencyHeader string
	// WebhookSecret verifies webhooks (client.Webhooks).
	WebhookSecret string
	// ResponseInto receives the last *http.Response (its body already read and replaced).
	ResponseInto **http.Response
	// Body overrides the request body (WithRequestBody).
	Body []byte
	// ContentType goes with Body.
	ContentType string
	// QueryDel names query parameters left out of the request (WithQueryDel).
	QueryDel []string
	// JSONEdits change the JSON body after it is encoded (WithJSONSet, WithJSONDel), in order.
	JSONEdits []JSONEdit
	// ResponseBodyInto receives the decoded response body instead of the method's result.
	ResponseBodyInto any
	// Middlewares wrap every attempt's round trip, the first outermost.
	Middlewares []Middleware

	nextURL *url.URL
}

// MiddlewareNext sends the request on (to the next middleware, then the HTTP client).
type MiddlewareNext = func(*http.Request) (*http.Response, error)

// Middleware sees each attempt's request and response; it calls next to send the request.
type Middleware = func(*http.Request, MiddlewareNext) (*http.Response, error)

// JSONEdit sets (or, with Delete, removes) the value at a dot-separated key path of the JSON body.
type JSONEdit struct {
	Path   string
	Value  any
	Delete bool
}

// editJSON applies the edits to an encoded JSON object body ("" or nil is an empty object).
func editJSON(body []byte, edits []JSONEdit) ([]byte, error) {
	root := map[string]any{}
	if len(bytes.TrimSpace(body)) > 0 {
		if err := json.Unmarshal(body, &root); err != nil {
			return nil, fmt.Errorf("WithJSONSet/WithJSONDel need a JSON object body: %w", err)
		}
	}
	for _, edit := range edits {
		keys := strings.Split(edit.Path, ".")
		parent := root
		for _, key := range keys[:len(keys)-1] {
			child, ok := parent[key].(map[string]any)
			if !ok {
				if edit.Delete {
					parent = nil
					break
				}
				child = map[string]any{}
				parent[key] = child
			}
			parent = child
		}
		last := keys[len(keys)-1]
		switch {
		case parent == nil:
		case edit.Delete:
			delete(parent, last)
		default:
			parent[last] = edit.Value
		}
	}
	return json.Marshal(root)
}

// Auth says how one credential is sent.
type Auth struct {
	// Option is the client option name whose credential is sent.
	Option string
	// In is "header", "query" or "cookie".
	In string
	// Name of the header, query parameter or cookie.
	Name string
	// Prefix before the credential ("Bearer " for bearer tokens).
	Prefix string
	// Basic sends the credential (user:password) base64-encoded after "Basic ".
	Basic bool
	// OAuth marks a credential the TokenSource can supply.
	OAuth bool
}

// Request is what a generated method asks for.
type Request struct {
	Method string
	// Path relative to the base URL, already percent-encoded.
	Path string
	// Params is the method's params struct (query, header, cookie and body fields), or nil.
	Params any
	// BodyKind is "json", "multipart", "form", "text", "binary" or "" (no body).
	BodyKind string
	// Whole says the body is Body, sent whole (a non-object body), not the params' fields.
	Whole bool
	// Body is the value sent whole.
	Body any
	// ContentType of the body when it is not implied by BodyKind.
	ContentType string
	// Security lists alternatives; each alternative's credentials are sent together.
	Security [][]Auth
	// Accept is the Accept header ("" for application/json).
	Accept string
	// Stream keeps the response body open for the caller (server-sent events, bytes).
	Stream bool
}

// NewRequestConfig applies the options in order.
func NewRequestConfig(ctx context.Context, method string, opts ...RequestOption) (*RequestConfig, error) {
	cfg := &RequestConfig{
		Context:           ctx,
		Method:            method,
		Header:            http.Header{},
		Query:             url.Values{},
		HTTPClient:        http.DefaultClient,
		MaxRetries:        DefaultMaxRetries,
		Credentials:       map[string]string{},
		IdempotencyHeader: "Idempotency-Key",
	}
	for _, opt := range opts {
		if opt == nil {
			continue
		}
		if err := opt.Apply(cfg); err != nil {
			return nil, err
		}
	}
	return cfg, nil
}

// Execute sends req with the options and decodes the response into dst: a pointer to a value
// decoded from JSON, a *string (text), a **http.Response (the response, body unread), or nil.
func Execute(ctx context.Context, req Request, dst any, opts ...RequestOption) error {
	cfg, err := NewRequestConfig(ctx, req.Method, opts...)
	if err != nil {
		return err
	}
	return cfg.Execute(req, dst)
}

// Execute sends the request described by req under this configuration.
func (cfg *RequestConfig) Execute(req Request, dst any) error {
	if cfg.BaseURL == nil {
		return errors.New("no base URL: pass option.WithBaseURL or set the environment variable")
	}
	body, contentType, err := encodeBody(req)
	if err != nil {
		return err
	}
	if cfg.Body != nil {
		body, contentType = cfg.Body, cfg.ContentType
	} else if len(cfg.JSONEdits) > 0 && (body == nil || strings.HasPrefix(contentType, "application/json")) {
		if body, err = editJSON(body, cfg.JSONEdits); err != nil {
			return err
		}
		contentType = "application/json"
	}
	query, header, cookies, err := encodeParams(req.Params)
	if err != nil {
		return err
	}
	target, err := cfg.url(req.Path, query)
	if err != nil {
		return err
	}
	if cfg.nextURL != nil {
		target = cfg.nextURL
	}
	idempotencyKey := ""
	if req.Method != http.MethodGet && req.Method != http.MethodHead && cfg.IdempotencyHeader != "" {
		idempotencyKey = "sdk-retry-" + strconv.FormatUint(rand.Uint64(), 36)
	}
	refreshed := false
	for attempt := 0; ; attempt++ {
		resp, cancel, err := cfg.attempt(req, target, body, contentType, header, cookies, idempotencyKey, attempt)
		if err != nil {
			if ctxErr := cfg.Context.Err(); ctxErr != nil {
				return ctxErr
			}
			if attempt < cfg.MaxRetries && !errors.Is(err, errNotRetryable) {
				if werr := wait(cfg.Context, backoff(attempt, nil)); werr != nil {
					return werr
				}
				continue
			}
			return err
		}
		if resp.StatusCode == http.StatusUnauthorized && cfg.TokenSource != nil && !refreshed && usesOAuth(req.Security) {
			// A token the API no longer takes: fetched again, once.
			drain(resp, cancel)
			cfg.TokenSource.Invalidate()
			refreshed = true
			attempt--
			continue
		}
		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			return cfg.decode(resp, cancel, dst, req.Stream)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		cancel()
		resp.Body = io.NopCloser(bytes.NewReader(data))
		if attempt < cfg.MaxRetries && shouldRetry(resp) {
			if werr := wait(cfg.Context, backoff(attempt, resp)); werr != nil {
				return werr
			}
			continue
		}
		if cfg.ResponseInto != nil {
			*cfg.ResponseInto = resp
		}
		return &apierror.Error{
			StatusCode: resp.StatusCode,
			RequestID:  requestID(resp),
			Body:       string(data),
			Request:    resp.Request,
			Response:   resp,
		}
	}
}

var errNotRetryable = errors.New("not retryable")

func (cfg *RequestConfig) url(path string, query url.Values) (*url.URL, error) {
	base := *cfg.BaseURL
	if !strings.HasSuffix(base.Path, "/") {
		base.Path += "/"
		if base.RawPath != "" {
			base.RawPath += "/"
		}
	}
	rel, err := url.Parse(strings.TrimPrefix(path, "/"))
	if err != nil {
		return nil, fmt.Errorf("request path %q: %w", path, err)
	}
	target := base.ResolveReference(rel)
	values := target.Query()
	for key, list := range query {
		values[key] = append(values[key], list...)
	}
	for key, list := range cfg.Query {
		values[key] = list
	}
	for _, key := range cfg.QueryDel {
		values.Del(key)
	}
	target.RawQuery = values.Encode()
	return target, nil
}

func (cfg *RequestConfig) attempt(req Request, target *url.URL, body []byte, contentType string, header http.Header, cookies []*http.Cookie, idempotencyKey string, attempt int) (*http.Response, context.CancelFunc, error) {
	ctx, cancel := cfg.Context, context.CancelFunc(func() {})
	if cfg.RequestTimeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, cfg.RequestTimeout)
	}
	var reader io.Reader
	if body != nil {
		reader = bytes.NewReader(body)
	}
	u := *target
	httpReq, err := http.NewRequestWithContext(ctx, req.Method, u.String(), reader)
	if err != nil {
		cancel()
		return nil, nil, fmt.Errorf("%w: %w", errNotRetryable, err)
	}
	accept := req.Accept
	if accept == "" {
		accept = "application/json"
	}
	httpReq.Header.Set("Accept", accept)
	httpReq.Header.Set("User-Agent", "sdk-go")
	if contentType != "" {
		httpReq.Header.Set("Content-Type", contentType)
	}
	if idempotencyKey != "" {
		httpReq.Header.Set(cfg.IdempotencyHeader, idempotencyKey)
	}
	if attempt > 0 {
		httpReq.Header.Set("X-Stainless-Retry-Count", strconv.Itoa(attempt))
	}
	for key, list := range header {
		httpReq.Header[key] = list
	}
	for _, cookie := range cookies {
		httpReq.AddCookie(cookie)
	}
	if err := cfg.authenticate(httpReq, req.Security); err != nil {
		cancel()
		return nil, nil, fmt.Errorf("%w: %w", errNotRetryable, err)
	}
	for key, list := range cfg.Header {
		httpReq.Header[key] = list
	}
	send := cfg.HTTPClient.Do
	for i := len(cfg.Middlewares) - 1; i >= 0; i-- {
		middleware, next := cfg.Middlewares[i], send
		send = func(r *http.Request) (*http.Response, error) { return middleware(r, next) }
	}
	resp, err := send(httpReq)
	if err != nil {
		cancel()
		return nil, nil, err
	}
	return resp, cancel, nil
}

func (cfg *RequestConfig) authenticate(httpReq *http.Request, security [][]Auth) error {
	if len(security) == 0 {
		return nil
	}
	for _, alternative := range security {
		values := make([]string, len(alternative))
		complete := true
		for i, auth := range alternative {
			value, ok := cfg.Credentials[auth.Option]
			if (!ok || value == "") && auth.OAuth && cfg.TokenSource != nil {
				token, err := cfg.TokenSource.Token(httpReq.Context(), cfg)
				if err != nil {
					return err
				}
				value, ok = token, true
			}
			if !ok || value == "" {
				complete = false
				break
			}
			values[i] = value
		}
		if !complete {
			continue
		}
		for i, auth := range alternative {
			value := values[i]
			if auth.Basic {
				user, password, _ := strings.Cut(value, ":")
				httpReq.SetBasicAuth(user, password)
				continue
			}
			switch auth.In {
			case "query":
				q := httpReq.URL.Query()
				q.Set(auth.Name, auth.Prefix+value)
				httpReq.URL.RawQuery = q.Encode()
			case "cookie":
				httpReq.AddCookie(&http.Cookie{Name: auth.Name, Value: auth.Prefix + value})
			default:
				httpReq.Header.Set(auth.Name, auth.Prefix+value)
			}
		}
		return nil
	}
	// No alternative has every credential: the request goes without, and the API answers.
	return nil
}

func usesOAuth(security [][]Auth) bool {
	for _, alternative := range security {
		for _, auth := range alternative {
			if auth.OAuth {
				return true
			}
		}
	}
	return false
}

func (cfg *RequestConfig) decode(resp *http.Response, cancel context.CancelFunc, dst any, stream bool) error {
	if stream {
		resp.Body = &cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
		if cfg.ResponseInto != nil {
			*cfg.ResponseInto = resp
		}
		if out, ok := dst.(**http.Response); ok {
			*out = resp
			return nil
		}
		return fmt.Errorf("requestconfig: a streamed response needs a **http.Response, got %T", dst)
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	cancel()
	if err != nil {
		return err
	}
	resp.Body = io.NopCloser(bytes.NewReader(data))
	if cfg.ResponseInto != nil {
		*cfg.ResponseInto = resp
	}
	if cfg.ResponseBodyInto != nil {
		dst = cfg.ResponseBodyInto
	}
	switch out := dst.(type) {
	case nil:
		return nil
	case **http.Response:
		*out = resp
		return nil
	case *string:
		*out = string(data)
		return nil
	case *[]byte:
		*out = data
		return nil
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	if err := json.Unmarshal(data, dst); err != nil {
		return fmt.Errorf("decoding the response of %s %s: %w", resp.Request.Method, resp.Request.URL.Path, err)
	}
	return nil
}

type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c *cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}

func drain(resp *http.Response, cancel context.CancelFunc) {
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	cancel()
}

func requestID(resp *http.Response) string {
	for _, name := range []string{"X-Request-Id", "Request-Id"} {
		if v := resp.Header.Get(name); v != "" {
			return v
		}
	}
	return ""
}

func shouldRetry(resp *http.Response) bool {
	switch resp.Header.Get("X-Should-Retry") {
	case "true":
		return true
	case "false":
		return false
	}
	switch resp.StatusCode {
	case http.StatusRequestTimeout, http.StatusConflict, http.StatusTooManyRequests:
		return true
	}
	return resp.StatusCode >= 500
}

// backoff is how long to wait before retry attempt+1: the server's Retry-After (or
// retry-after-ms) when it is under a minute, else 0.5 s doubling up to 8 s, less up to 25% jitter.
func backoff(attempt int, resp *http.Response) time.Duration {
	if resp != nil {
		if ms, err := strconv.ParseFloat(resp.Header.Get("Retry-After-Ms"), 64); err == nil && ms >= 0 && ms < 60_000 {
			return time.Duration(ms * float64(time.Millisecond))
		}
		if value := resp.Header.Get("Retry-After"); value != "" {
			if seconds, err := strconv.ParseFloat(value, 64); err == nil && seconds >= 0 && seconds < 60 {
				return time.Duration(seconds * float64(time.Second))
			}
			if at, err := http.ParseTime(value); err == nil {
				if d := time.Until(at); d >= 0 && d < time.Minute {
					return d
				}
			}
		}
	}
	delay := math.Min(0.5*math.Pow(2, float64(attempt)), 8)
	jitter := 1 - 0.25*rand.Float64()
	return time.Duration(delay * jitter * float64(time.Second))
}

func wait(ctx context.Context, d time.Duration) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// UseNextURL makes the request go to a next-page URL the API answered with (relative ones are
// resolved against the base URL); its query replaces the request's own.
func (cfg *RequestConfig) UseNextURL(next string) error {
	u, err := url.Parse(next)
	if err != nil {
		return fmt.Errorf("next page URL %q: %w", next, err)
	}
	if cfg.BaseURL != nil {
		u = cfg.BaseURL.ResolveReference(u)
	}
	cfg.nextURL = u
	return nil
}
