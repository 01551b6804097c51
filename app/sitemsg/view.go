package sitemsg

// A View is a Count's coverage as the panel draws it: the counts for its
// crawler, and Parts, the rest of the panel's markup (the lines that
// decide, the sitemap finding, what the edit changes, a log's requests),
// which the worker words and the page draws as it is. The page sets
// Pages, Requests, Counted and Summary from what it holds now.
type View struct {
	// Version is the URLs' version counted.
	Version int `json:"version"`
	// Pages and Requests count the URLs and logged requests held.
	Pages    int `json:"pages"`
	Requests int `json:"requests"`
	// Crawler is the one counted for, and Agent it as the engine names
	// it.
	Crawler string `json:"crawler"`
	Agent   string `json:"agent"`
	// Counted reports that the coverage drawn is of the URLs held and the
	// file shown: while it is not, the counts are an older file's.
	Counted bool   `json:"-"`
	Summary string `json:"-"`
	// Told is what the panel says in view, next to the counts, of its
	// sources' reading: "FILE: what happened", a few at most; MoreTold
	// counts the others, which the list of sources (URLsState.List) has.
	// The page sets them too.
	Told     []string `json:"-"`
	MoreTold int      `json:"-"`
	// Allowed and Blocked count the URLs the crawler may and may not fetch.
	Allowed int `json:"allowed"`
	Blocked int `json:"blocked"`
	// Access says that the server's answer decides every URL, when it does.
	Access string `json:"access,omitempty"`
	// Matrix is the table of every crawler's counts (#site-matrix),
	// which the page draws after the counts; nil when no URL is counted.
	// It is the same whichever crawler is chosen, but for that
	// crawler's row when the catalogue does not know it.
	Matrix *Node  `json:"matrix,omitempty"`
	Parts  []Node `json:"parts,omitempty"`
	// Log is a log's requests, crawler by crawler, which the page draws
	// as a table (#site-urls-log) after Parts; nil when no log is held.
	Log *LogView `json:"log,omitempty"`
	// Notes say, for each rule that decides URLs or that decides none,
	// what it decides, as the editor shows it after the rule's line.
	Notes []LineNote `json:"notes,omitempty"`
	// Helped reports that the worker's helper counted a share of the
	// URLs (Coverage.Helped): the page does not draw it; the browser
	// tests read it.
	Helped bool `json:"helped,omitempty"`
}

// A LineNote is what one line of the file decides over the URLs held.
type LineNote struct {
	Line int    `json:"l"`
	Text string `json:"x"`
}

// A Node is a piece of the panel's markup, made by the worker (or by the
// page, for its controls) and drawn by the page as it is: an element, or a
// text alone (no Tag). Its texts are drawn as text, never read as markup:
// they hold the user's URLs. Drawing nodes takes a fraction of the code
// go-app's element builders take, which app.wasm's size budget counts.
type Node struct {
	Tag   string `json:"t,omitempty"`
	ID    string `json:"id,omitempty"`
	Class string `json:"c,omitempty"`
	Role  string `json:"r,omitempty"`
	// Data are the element's data-* attributes: names and values in turn.
	Data []string `json:"d,omitempty"`
	// Open opens a details element.
	Open bool   `json:"o,omitempty"`
	Text string `json:"x,omitempty"`
	// Line, when not 0, makes the node a "line N" button that shows line
	// N in the editor.
	Line int `json:"l,omitempty"`
	// On is "click" for a control the page handles when clicked, "change"
	// when changed; the page tells which control by its ID.
	On    string `json:"on,omitempty"`
	Title string `json:"ti,omitempty"`
	// Attrs are other attributes, names and values in turn; one whose
	// value is "" is left out (a button that is not disabled).
	Attrs []string `json:"at,omitempty"`
	Kids  []Node   `json:"k,omitempty"`
}
