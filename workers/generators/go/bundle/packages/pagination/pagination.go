// Package pagination reads paginated responses: a Page holds one page's items and knows how to
// ask for the next; an AutoPager walks every item of every page.
package pagination

import (
	"context"
	"encoding/json"
	"io"
	"iter"
	"net/http"
	"strconv"
	"strings"

	"sdkruntime/internal/requestconfig"
)

// Scheme says where a paginated response keeps its items and how the next page is asked for.
type Scheme struct {
	// Style is "cursor", "offset" or "page".
	Style string
	// CursorKind is "token", "id" (the last item's id) or "url" (a next-page URL).
	CursorKind string
	// Request parameter names.
	CursorParam, LimitParam, OffsetParam, PageParam string
	// Response field paths (dot-separated; "" for a bare array).
	ItemsPath, NextCursorPath, HasMorePath string
}

// Fetch makes one page's request with extra options (the next page's query); the response's
// body is unread.
type Fetch func(ctx context.Context, opts ...requestconfig.RequestOption) (*http.Response, error)

// Page is one page of a paginated response.
type Page[T any] struct {
	Items  []T
	raw    string
	scheme Scheme
	fetch  Fetch
	ctx    context.Context
	// where this page started (offset or page number), for the offset and page styles.
	start int
}

// List fetches the first page.
func List[T any](ctx context.Context, scheme Scheme, fetch Fetch) (*Page[T], error) {
	resp, err := fetch(ctx)
	if err != nil {
		return nil, err
	}
	return NewPage[T](ctx, resp, scheme, fetch)
}

// RawJSON returns the page's response body as received.
func (p *Page[T]) RawJSON() string { return p.raw }

// NewPage decodes a page's response; the offset or page number it started at is read from the
// request's query.
func NewPage[T any](ctx context.Context, resp *http.Response, scheme Scheme, fetch Fetch) (*Page[T], error) {
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	start := 0
	if resp.Request != nil {
		switch scheme.Style {
		case "offset":
			start, _ = strconv.Atoi(resp.Request.URL.Query().Get(scheme.OffsetParam))
		case "page":
			start, _ = strconv.Atoi(resp.Request.URL.Query().Get(scheme.PageParam))
			start = max(start, 1)
		}
	}
	page := &Page[T]{raw: string(body), scheme: scheme, fetch: fetch, ctx: ctx, start: start}
	items, _ := lookup(body, scheme.ItemsPath)
	if len(items) > 0 {
		if err := json.Unmarshal(items, &page.Items); err != nil {
			return nil, err
		}
	}
	return page, nil
}

func lookup(body []byte, path string) (json.RawMessage, bool) {
	current := json.RawMessage(body)
	if path == "" {
		return current, true
	}
	for _, segment := range strings.Split(path, ".") {
		var object map[string]json.RawMessage
		if json.Unmarshal(current, &object) != nil {
			return nil, false
		}
		next, ok := object[segment]
		if !ok {
			return nil, false
		}
		current = next
	}
	return current, true
}

func (p *Page[T]) nextQuery() (requestconfig.RequestOption, bool) {
	if len(p.Items) == 0 {
		return nil, false
	}
	s := p.scheme
	if s.HasMorePath != "" {
		if raw, ok := lookup([]byte(p.raw), s.HasMorePath); ok {
			var more bool
			if json.Unmarshal(raw, &more) == nil && !more {
				return nil, false
			}
		}
	}
	set := func(key, value string) requestconfig.RequestOption {
		return requestconfig.RequestOptionFunc(func(r *requestconfig.RequestConfig) error {
			r.Query.Set(key, value)
			return nil
		})
	}
	switch s.Style {
	case "offset":
		return set(s.OffsetParam, strconv.Itoa(p.start+len(p.Items))), true
	case "page":
		return set(s.PageParam, strconv.Itoa(p.start+1)), true
	}
	var cursor string
	if s.CursorKind == "id" {
		last, _ := json.Marshal(p.Items[len(p.Items)-1])
		raw, _ := lookup(last, "id")
		if json.Unmarshal(raw, &cursor) != nil {
			cursor = strings.Trim(string(raw), `"`)
		}
	} else if raw, ok := lookup([]byte(p.raw), s.NextCursorPath); ok {
		_ = json.Unmarshal(raw, &cursor)
	}
	if cursor == "" {
		return nil, false
	}
	if s.CursorKind == "url" {
		return requestconfig.RequestOptionFunc(func(r *requestconfig.RequestConfig) error {
			return r.UseNextURL(cursor)
		}), true
	}
	return set(s.CursorParam, cursor), true
}

// HasNextPage reports whether the response says another page follows.
func (p *Page[T]) HasNextPage() bool {
	_, ok := p.nextQuery()
	return ok
}

// GetNextPage fetches the next page; it returns nil, nil after the last page.
func (p *Page[T]) GetNextPage() (*Page[T], error) {
	opt, ok := p.nextQuery()
	if !ok {
		return nil, nil
	}
	resp, err := p.fetch(p.ctx, opt)
	if err != nil {
		return nil, err
	}
	return NewPage[T](p.ctx, resp, p.scheme, p.fetch)
}

// AutoPager walks the items of every page, fetching pages as it goes.
type AutoPager[T any] struct {
	page    *Page[T]
	index   int
	current T
	err     error
}

// NewAutoPager starts at page (or holds err, when the first page failed).
func NewAutoPager[T any](page *Page[T], err error) *AutoPager[T] {
	return &AutoPager[T]{page: page, err: err}
}

// Next advances to the next item; it is false at the end or on an error (see Err).
func (a *AutoPager[T]) Next() bool {
	for a.err == nil && a.page != nil {
		if a.index < len(a.page.Items) {
			a.current = a.page.Items[a.index]
			a.index++
			return true
		}
		a.page, a.err = a.page.GetNextPage()
		a.index = 0
	}
	return false
}

// Current returns the item Next advanced to.
func (a *AutoPager[T]) Current() T { return a.current }

// Err returns the error that stopped the iteration, if any.
func (a *AutoPager[T]) Err() error { return a.err }

// All iterates over every item of every page; an error ends it as its last pair.
func (a *AutoPager[T]) All() iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		for a.Next() {
			if !yield(a.Current(), nil) {
				return
			}
		}
		if a.err != nil {
			var zero T
			yield(zero, a.err)
		}
	}
}
