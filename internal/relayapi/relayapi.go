// Package relayapi is the fetch relay's answers as JSON (docs/relay.md),
// declared once: the relay writes them, the page and its site worker read
// them.
package relayapi

// Answer is the relay's answer to a fetch, sent as JSON with status 200:
// the server's answer, whatever it was (a 404, a 503 or no answer at all
// is an answer too).
type Answer struct {
	// URL is the robots.txt asked for: the origin's /robots.txt.
	URL string `json:"url"`
	// Status is the HTTP status of the last answer, 0 when none came.
	Status int `json:"status"`
	// Class is the answer's class, as robots.AnswerClass names it:
	// "success", "redirect", "client-error", "network-error", ...
	Class string `json:"class"`
	// FinalURL is the URL of the last answer, after the redirects.
	FinalURL string `json:"final_url"`
	// Hops are the redirects followed, in order; empty when none.
	Hops []Hop `json:"hops"`
	// Loop reports that a redirect led back to a URL already visited.
	Loop bool `json:"loop,omitempty"`
	// MediaType is the media type the server declared, lower case and
	// without parameters ("text/plain"), "" when none.
	MediaType string `json:"media_type"`
	// TookMS is how long the fetch took, in milliseconds.
	TookMS int64 `json:"took_ms"`
	// Body is the file on a 2xx, as crawlers read it: its first 500 KiB
	// (robots.FetchLimit bytes); "" otherwise. Bytes that are not UTF-8
	// show as U+FFFD: BodyBase64 then has them exactly.
	Body       string `json:"body"`
	BodyBase64 string `json:"body_base64,omitempty"`
	// Size is the number of bytes of the body read (only a 2xx body is
	// read), and Complete whether that was all of it: false when the
	// relay stopped reading at its MaxBody, or no whole answer came.
	Size     int64 `json:"size"`
	Complete bool  `json:"complete"`
	// FetchError says why no whole answer came (a timeout, a refused
	// connection, too many redirects); "" when one did.
	FetchError string `json:"fetch_error,omitempty"`
	// Cached reports an answer kept from an earlier fetch.
	Cached bool `json:"cached"`
}

// A Hop is one redirect followed.
type Hop struct {
	URL      string `json:"url"`      // the URL that redirected
	Status   int    `json:"status"`   // its 3xx status
	Location string `json:"location"` // where it sent the relay, resolved
}

// Error is the relay's answer when it made no fetch: 400 for a request
// without a usable url, 403 for a target refused, 429 for a client that
// asks too often or a relay too busy; Error says why.
type Error struct {
	Error string `json:"error"`
}

// A SitemapAnswer is the relay's answer to GET ?sitemap=URL, sent as JSON
// with status 200 as it is read: the URLs one sitemap lists (or, for a
// sitemap index, the sitemaps it names), never more than the protocol
// allows. The relay fetches a sitemap only when a robots.txt it fetched
// names it (a Sitemap: line), or a sitemap index named so: anything else
// is 403.
type SitemapAnswer struct {
	// URL is the sitemap asked for.
	URL string `json:"url"`
	// Status is the HTTP status of the last answer, 0 when none came.
	Status int `json:"status"`
	// FinalURL is the URL of the last answer, after the redirects.
	FinalURL string `json:"final_url"`
	// Locs are the URLs the sitemap lists, in order; for an index, the
	// sitemaps it names (which the relay will then fetch).
	Locs []string `json:"locs"`
	// Index reports a sitemap index: Locs are sitemaps.
	Index bool `json:"index"`
	// Notes say what did not go as the protocol says: a limit reached
	// (and what was past it left unread), lines skipped.
	Notes []string `json:"notes"`
	// Complete reports that the whole sitemap was read.
	Complete bool `json:"complete"`
	// FetchError says why no whole sitemap came, in plain words.
	FetchError string `json:"fetch_error,omitempty"`
	// TookMS is how long the fetch took, in milliseconds.
	TookMS int64 `json:"took_ms"`
}

// The headers of the relay's answer to GET {prefix}/ranges?token=TOKEN,
// whose body is the crawler's address list as published.
const (
	// RangesFetchedHeader gives when the relay got the list, in RFC 3339
	// (UTC): when it fetched it, or when its file was last written.
	RangesFetchedHeader = "X-Ranges-Fetched"
	// RangesSourceHeader gives where the list came from: its URL, or
	// "file" for the relay's own folder.
	RangesSourceHeader = "X-Ranges-Source"
)
