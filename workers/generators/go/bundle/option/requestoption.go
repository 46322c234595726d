// Package option holds the options a client, a service or one request is configured with. The
// client's options apply first, then the service's, then the call's.
package option

import (
	"fmt"
	"log"
	"net/http"
	"net/url"
	"strings"
	"time"

	"sdkruntime/internal/requestconfig"
)

// RequestOption changes how a request is made.
type RequestOption = requestconfig.RequestOption

type optionFunc = requestconfig.RequestOptionFunc

// WithBaseURL sets the URL requests are made against.
func WithBaseURL(base string) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		u, err := url.Parse(base)
		if err != nil {
			return fmt.Errorf("option.WithBaseURL: %w", err)
		}
		if !strings.HasSuffix(u.Path, "/") {
			u.Path += "/"
		}
		r.BaseURL = u
		return nil
	})
}

// WithHTTPClient sets the *http.Client requests are sent with.
func WithHTTPClient(client *http.Client) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.HTTPClient = client
		return nil
	})
}

// WithMaxRetries sets how often a failed request is retried (default 2).
func WithMaxRetries(retries int) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		if retries < 0 {
			return fmt.Errorf("option.WithMaxRetries: %d is negative", retries)
		}
		r.MaxRetries = retries
		return nil
	})
}

// WithRequestTimeout limits each attempt of a request; the context's deadline limits them all.
func WithRequestTimeout(d time.Duration) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.RequestTimeout = d
		return nil
	})
}

// WithHeader sets a header on the request, replacing any value.
func WithHeader(key, value string) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.Header.Set(key, value)
		return nil
	})
}

// WithHeaderAdd adds a value to a header of the request.
func WithHeaderAdd(key, value string) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.Header.Add(key, value)
		return nil
	})
}

// WithHeaderDel removes a header from the request.
func WithHeaderDel(key string) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.Header.Del(key)
		return nil
	})
}

// WithQuery sets a query parameter of the request, replacing any value.
func WithQuery(key, value string) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.Query.Set(key, value)
		return nil
	})
}

// WithQueryAdd adds a value to a query parameter of the request.
func WithQueryAdd(key, value string) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.Query.Add(key, value)
		return nil
	})
}

// WithQueryDel leaves a query parameter out of the request, also one the params would send.
func WithQueryDel(key string) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.Query.Del(key)
		r.QueryDel = append(r.QueryDel, key)
		return nil
	})
}

// WithJSONSet sets the value at a key of the JSON request body (a dot-separated path reaches
// into nested objects), after the params are encoded.
func WithJSONSet(key string, value any) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.JSONEdits = append(r.JSONEdits, requestconfig.JSONEdit{Path: key, Value: value})
		return nil
	})
}

// WithJSONDel removes the value at a key of the JSON request body (a dot-separated path).
func WithJSONDel(key string) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.JSONEdits = append(r.JSONEdits, requestconfig.JSONEdit{Path: key, Delete: true})
		return nil
	})
}

// WithResponseBodyInto decodes the response body into dst instead of the method's result
// (which is then left zero).
func WithResponseBodyInto(dst any) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.ResponseBodyInto = dst
		return nil
	})
}

// Middleware sees each attempt's request and response; it calls next to send the request.
type Middleware = requestconfig.Middleware

// MiddlewareNext sends the request on.
type MiddlewareNext = requestconfig.MiddlewareNext

// WithMiddleware wraps every attempt's round trip in the middlewares, the first outermost.
func WithMiddleware(middlewares ...Middleware) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.Middlewares = append(r.Middlewares, middlewares...)
		return nil
	})
}

// WithDebugLog logs each attempt's method, URL and status (or error) to logger (nil: the
// standard logger). Headers and the query are not logged: they may carry credentials.
func WithDebugLog(logger *log.Logger) RequestOption {
	if logger == nil {
		logger = log.Default()
	}
	return WithMiddleware(func(req *http.Request, next MiddlewareNext) (*http.Response, error) {
		// The URL without its query and user info, which may carry credentials.
		shown := url.URL{Scheme: req.URL.Scheme, Host: req.URL.Host, Path: req.URL.Path}
		logger.Printf("request: %s %s", req.Method, shown.String())
		resp, err := next(req)
		if err != nil {
			logger.Printf("response: %s %s: %v", req.Method, shown.String(), err)
			return resp, err
		}
		logger.Printf("response: %s %s: %s", req.Method, shown.String(), resp.Status)
		return resp, err
	})
}

// WithRequestBody sends body as the request body with the given content type instead of the
// body the params would make.
func WithRequestBody(contentType string, body []byte) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.Body, r.ContentType = body, contentType
		return nil
	})
}

// WithIdempotencyHeader names the header carrying the idempotency key of non-GET requests
// ("" sends none).
func WithIdempotencyHeader(header string) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.IdempotencyHeader = header
		return nil
	})
}

// WithResponseInto stores the raw *http.Response of the request in *dst (its body can be read
// again), also when the request fails with a status error.
func WithResponseInto(dst **http.Response) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.ResponseInto = dst
		return nil
	})
}

// WithWebhookSecret sets the secret client.Webhooks verifies signatures with.
func WithWebhookSecret(secret string) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.WebhookSecret = secret
		return nil
	})
}

// WithCredential sets the credential of a client option by its name in the API description
// (the With... options of this package call it).
func WithCredential(name, value string) RequestOption {
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.Credentials[name] = value
		return nil
	})
}

// WithOAuthClientCredentials fetches access tokens from tokenURL with the OAuth2 client
// credentials grant; the token is cached and shared by every request made with this option.
func WithOAuthClientCredentials(tokenURL, clientID, clientSecret string, scopes ...string) RequestOption {
	source := &requestconfig.TokenSource{ClientID: clientID, ClientSecret: clientSecret, TokenURL: tokenURL, Scopes: scopes}
	return optionFunc(func(r *requestconfig.RequestConfig) error {
		r.TokenSource = source
		return nil
	})
}
