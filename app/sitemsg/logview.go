package sitemsg

import "strconv"

// Addresses, a Request's kind: the message's data is the published
// address list of a catalogued crawler (List.Token), as the fetch relay
// answered it (GET PREFIX/ranges?token=TOKEN), which the worker reads
// (verify.ParseList) and checks the log's requests by; or, with no data,
// why no list is at hand for it (List.Missing). The worker then holds
// other counts: it answers State with a new version.
const Addresses = "addresses"

// An AddressList is a crawler's published address list as the page got
// it: through the relay, or kept in the browser from an earlier visit.
type AddressList struct {
	// Token is the crawler the page asked the relay for; its list is the
	// first the catalogue gives for it, which the crawlers that share
	// that first list share.
	Token string `json:"token"`
	// N is the list's place among the catalogue's lists of Token: 0, its
	// first; 1 its second (the relay's &n=1).
	N int `json:"n,omitempty"`
	// Fetched is when the relay got the list (RFC 3339), "" when
	// unknown; Source where from: the list's URL, or "file" (a relay's
	// folder of lists).
	Fetched string `json:"fetched,omitempty"`
	Source  string `json:"source,omitempty"`
	// Missing says why no list is at hand ("" when the data is one): no
	// relay, the relay's answer, the browser offline.
	Missing string `json:"missing,omitempty"`
}

// A DayCount is one crawler's requests of a log on one day (UTC).
type DayCount struct {
	// Agent is the crawler's product token, as the requests' tallies
	// name it.
	Agent string `json:"a"`
	// Day is the day's number since 1970-01-01 (UTC).
	Day int `json:"d"`
	N   int `json:"n"`
}

// A LogView is a log's requests as the panel draws them: a row a
// crawler, what the panel says of the notable ones, which address lists
// the counts are of, and the requests per day. The page sorts and groups
// the rows (app/model's LogTable); the worker words everything else.
type LogView struct {
	Rows []LogRow `json:"rows,omitempty"`
	// Said are sentences on the notable crawlers: those with requests to
	// blocked URLs, or forged ones.
	Said []string `json:"said,omitempty"`
	// Lists say, for each address list the counts used or lacked, its
	// date or why it is missing: "Google's list (Googlebot): addresses
	// as of 30 November 2026".
	Lists []string `json:"lists,omitempty"`
	// Wants are the address lists the worker has not been given, nor
	// told missing, of the log's crawlers: the page asks the relay for
	// them.
	Wants []ListWant `json:"wants,omitempty"`
	// Chart is the requests per day, when the log spans more than one.
	Chart *Node `json:"chart,omitempty"`
	// NotCrawlers says which requests are not counted, and why
	// (p[data-browsers]).
	NotCrawlers Node `json:"nc"`
}

// A ListWant names an address list: the N-th (from 0) the catalogue
// gives for the crawler Token.
type ListWant struct {
	Token string `json:"token"`
	N     int    `json:"n,omitempty"`
}

// Key returns the list's name where the page keeps it: "GPTBot", and
// "Google-Read-Aloud.1" for a second list.
func (w ListWant) Key() string {
	if w.N == 0 {
		return w.Token
	}
	return w.Token + "." + strconv.Itoa(w.N)
}

// A LogRow is one crawler's requests in a log.
type LogRow struct {
	// Agent is the crawler's product token; Role its role as the
	// catalogue names it ("search", "ai-training"; "" when the catalogue
	// does not know it), Vendor who runs it.
	Agent  string `json:"agent"`
	Role   string `json:"role,omitempty"`
	Vendor string `json:"vendor,omitempty"`
	// Requests counts its requests; Blocked those to URLs the file
	// blocks for it, Fetched of those the server answered 2xx.
	Requests int `json:"requests"`
	Blocked  int `json:"blocked"`
	Fetched  int `json:"fetched"`
	// Verified, Forged and Unverified count its requests by where they
	// came from (robots.Origins.Check).
	Verified   int `json:"verified"`
	Forged     int `json:"forged"`
	Unverified int `json:"unverified"`
	// Details are its rules and examples: the lines that block its
	// requests, with example URLs, and its requests per day.
	Details []Node `json:"details,omitempty"`
}
