package fetch

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"robotstester/robots"
)

// Open fetches the document at u for a caller that reads it itself, such
// as a sitemap, held to the Fetcher's bounds: its Timeout bounds the
// whole fetch, the body's reading included (until Close); redirects are
// followed to MaxRedirects, to http and https only. Every error, of the
// request or of reading the body, is in plain words ("timed out",
// "connection refused", "the server answered 404 Not Found"), naming no
// address or port of the network the fetch ran in.
func (f *Fetcher) Open(ctx context.Context, u string) (io.ReadCloser, error) {
	ctx, cancel := context.WithTimeout(ctx, cmp.Or(f.Timeout, DefaultTimeout))
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		cancel()
		return nil, err
	}
	req.Header.Set("User-Agent", cmp.Or(f.UserAgent, DefaultUserAgent))
	base := f.Client
	if base == nil {
		base = http.DefaultClient
	}
	maxRedirects := cmp.Or(f.MaxRedirects, robots.MaxRedirects)
	client := &http.Client{
		Transport: base.Transport,
		Jar:       base.Jar,
		Timeout:   base.Timeout,
		CheckRedirect: func(next *http.Request, via []*http.Request) error {
			if len(via) > maxRedirects {
				return fmt.Errorf("more than %d redirects", maxRedirects)
			}
			if next.URL.Scheme != "http" && next.URL.Scheme != "https" {
				return errors.New("a redirect to a " + next.URL.Scheme + ": URL: only http and https are fetched")
			}
			return nil
		},
	}
	resp, err := client.Do(req)
	if err != nil {
		cancel()
		return nil, plainError(ctx, err)
	}
	if resp.StatusCode/100 != 2 {
		discard(resp)
		cancel()
		return nil, fmt.Errorf("the server answered %s", resp.Status)
	}
	return &openBody{errorWording{ctx, resp.Body}, resp.Body, cancel}, nil
}

// openBody is the body of an Open, its errors worded, which ends the
// fetch's time bound when closed.
type openBody struct {
	errorWording
	body   io.Closer
	cancel context.CancelFunc
}

func (b *openBody) Close() error {
	err := b.body.Close()
	b.cancel()
	return err
}
