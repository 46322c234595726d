package requestconfig

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// TokenRefreshMargin is how long before `expires_in` runs out a token is fetched anew (at most
// half its lifetime).
const TokenRefreshMargin = 30 * time.Second

// TokenSource runs the OAuth2 client credentials grant (RFC 6749 section 4.4) and caches the
// token until shortly before it expires; concurrent requests share one fetch.
type TokenSource struct {
	ClientID     string
	ClientSecret string
	// TokenURL of the flow; a relative one is resolved against the base URL (as a browser resolves
	// a link: "/oauth/token" replaces the base URL's path).
	TokenURL string
	Scopes   []string

	mu        sync.Mutex
	token     string
	refreshAt time.Time
}

// OAuthError is a token endpoint's refusal: its status and RFC 6749 section 5.2 fields.
type OAuthError struct {
	StatusCode       int
	Code             string
	ErrorDescription string
	Body             string
}

func (e *OAuthError) Error() string {
	text := fmt.Sprintf("OAuth token request failed with %d", e.StatusCode)
	if e.Code != "" {
		text += ": " + e.Code
	}
	if e.ErrorDescription != "" {
		text += " (" + e.ErrorDescription + ")"
	}
	return text
}

// Invalidate drops the cached token.
func (s *TokenSource) Invalidate() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.token = ""
}

// Token returns a valid access token, fetching one when none is cached or it is about to expire.
func (s *TokenSource) Token(ctx context.Context, cfg *RequestConfig) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.token != "" && (s.refreshAt.IsZero() || time.Now().Before(s.refreshAt)) {
		return s.token, nil
	}
	endpoint, err := url.Parse(s.TokenURL)
	if err != nil {
		return "", fmt.Errorf("token URL %q: %w", s.TokenURL, err)
	}
	if !endpoint.IsAbs() && cfg.BaseURL != nil {
		endpoint = cfg.BaseURL.ResolveReference(endpoint)
	}
	form := url.Values{"grant_type": {"client_credentials"}}
	if len(s.Scopes) > 0 {
		form.Set("scope", strings.Join(s.Scopes, " "))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint.String(), strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	credentials := url.QueryEscape(s.ClientID) + ":" + url.QueryEscape(s.ClientSecret)
	req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(credentials)))
	resp, err := cfg.HTTPClient.Do(req)
	if err != nil {
		return "", fmt.Errorf("OAuth token request: %w", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", fmt.Errorf("OAuth token response: %w", err)
	}
	var body struct {
		AccessToken      string  `json:"access_token"`
		ExpiresIn        float64 `json:"expires_in"`
		Error            string  `json:"error"`
		ErrorDescription string  `json:"error_description"`
	}
	_ = json.Unmarshal(bytes.TrimSpace(data), &body)
	if resp.StatusCode < 200 || resp.StatusCode >= 300 || body.AccessToken == "" {
		return "", &OAuthError{StatusCode: resp.StatusCode, Code: body.Error, ErrorDescription: body.ErrorDescription, Body: string(data)}
	}
	s.token = body.AccessToken
	s.refreshAt = time.Time{}
	if body.ExpiresIn > 0 {
		lifetime := time.Duration(body.ExpiresIn * float64(time.Second))
		margin := min(TokenRefreshMargin, lifetime/2)
		s.refreshAt = time.Now().Add(lifetime - margin)
	}
	return s.token, nil
}
