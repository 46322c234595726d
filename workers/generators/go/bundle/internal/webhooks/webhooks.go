// Package webhooks verifies the signatures of webhooks an API sends. "standard" is Standard
// Webhooks (webhook-id, webhook-timestamp and webhook-signature headers; HMAC-SHA256 over
// "id.timestamp.body" keyed with the base64 secret after an optional whsec_ prefix; space-separated
// "v1,<base64>" signatures); "github" checks X-Hub-Signature-256 (sha256=<hex> over the body);
// "stripe" checks Stripe-Signature (t=<ts>,v1=<hex> over "t.body"). Signatures are compared in
// constant time (hmac.Equal); timestamps must be within the tolerance either way.
package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// DefaultTolerance is how far a signed timestamp may be from the clock, either way.
const DefaultTolerance = 5 * time.Minute

// VerificationError says why a webhook was refused; nothing of its body should be trusted.
type VerificationError struct{ Reason string }

func (e *VerificationError) Error() string { return "webhook verification failed: " + e.Reason }

func fail(reason string) error { return &VerificationError{Reason: reason} }

// Verify checks payload and headers under scheme with secret at time now.
func Verify(scheme string, payload []byte, headers http.Header, secret string, tolerance time.Duration, now time.Time) error {
	if secret == "" {
		return errors.New("no webhook secret: pass option.WithWebhookSecret or set the environment variable")
	}
	switch scheme {
	case "github":
		return verifyGithub(payload, headers, secret)
	case "stripe":
		return verifyStripe(payload, headers, secret, tolerance, now)
	default:
		return verifyStandard(payload, headers, secret, tolerance, now)
	}
}

func sign(key, data []byte) []byte {
	mac := hmac.New(sha256.New, key)
	mac.Write(data)
	return mac.Sum(nil)
}

// anyValid compares every candidate (no early exit) against the expected signature.
func anyValid(expected []byte, candidates [][]byte) bool {
	valid := false
	for _, candidate := range candidates {
		if hmac.Equal(expected, candidate) {
			valid = true
		}
	}
	return valid
}

func checkTimestamp(raw string, tolerance time.Duration, now time.Time) error {
	seconds, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || seconds < 0 || len(raw) > 15 {
		return fail("invalid webhook timestamp")
	}
	diff := now.Sub(time.Unix(seconds, 0))
	if diff > tolerance {
		return fail("webhook timestamp is too old")
	}
	if -diff > tolerance {
		return fail("webhook timestamp is too new")
	}
	return nil
}

func verifyStandard(payload []byte, headers http.Header, secret string, tolerance time.Duration, now time.Time) error {
	id, timestamp, signature := headers.Get("webhook-id"), headers.Get("webhook-timestamp"), headers.Get("webhook-signature")
	if id == "" || timestamp == "" || signature == "" {
		return fail("missing webhook-id, webhook-timestamp or webhook-signature header")
	}
	if err := checkTimestamp(timestamp, tolerance, now); err != nil {
		return err
	}
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil || len(key) == 0 {
		return fail("the webhook secret is not valid base64")
	}
	var candidates [][]byte
	for _, entry := range strings.Split(signature, " ") {
		version, value, ok := strings.Cut(entry, ",")
		if !ok || version != "v1" {
			continue
		}
		if decoded, err := base64.StdEncoding.DecodeString(value); err == nil {
			candidates = append(candidates, decoded)
		}
	}
	expected := sign(key, append([]byte(id+"."+timestamp+"."), payload...))
	if !anyValid(expected, candidates) {
		return fail("no matching webhook signature found")
	}
	return nil
}

func verifyGithub(payload []byte, headers http.Header, secret string) error {
	signature := headers.Get("X-Hub-Signature-256")
	if signature == "" {
		return fail("missing X-Hub-Signature-256 header")
	}
	hexValue, ok := strings.CutPrefix(signature, "sha256=")
	decoded, err := hex.DecodeString(hexValue)
	if !ok || err != nil || !anyValid(sign([]byte(secret), payload), [][]byte{decoded}) {
		return fail("no matching webhook signature found")
	}
	return nil
}

func verifyStripe(payload []byte, headers http.Header, secret string, tolerance time.Duration, now time.Time) error {
	signature := headers.Get("Stripe-Signature")
	if signature == "" {
		return fail("missing Stripe-Signature header")
	}
	timestamp := ""
	var candidates [][]byte
	for _, part := range strings.Split(signature, ",") {
		name, value, _ := strings.Cut(part, "=")
		switch strings.TrimSpace(name) {
		case "t":
			timestamp = strings.TrimSpace(value)
		case "v1":
			if decoded, err := hex.DecodeString(strings.TrimSpace(value)); err == nil {
				candidates = append(candidates, decoded)
			}
		}
	}
	if timestamp == "" {
		return fail("the Stripe-Signature header has no timestamp")
	}
	if err := checkTimestamp(timestamp, tolerance, now); err != nil {
		return err
	}
	if !anyValid(sign([]byte(secret), append([]byte(timestamp+"."), payload...)), candidates) {
		return fail("no matching webhook signature found")
	}
	return nil
}
