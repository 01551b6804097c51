package robots

// A Code names a kind of finding of the linter, for filtering and for
// programs: "orphan-rule", "shadowed-rule", ... The strings are a contract
// (outside checks and docs/engine.md name them): a code is never renamed.
type Code string

// The linter's codes. [Code.Severity] and [Code.Summary] say what each means.
const (
	CodeNotRobots            Code = "not-robots"            // The file is not robots.txt at all (an HTML page, JSON, an image...): crawlers find no rules in it.
	CodeHTML                 Code = "html"                  // A web page (an error page or a soft 404) where robots.txt was expected.
	CodeHTMLInside           Code = "html-inside"           // HTML markup among robots.txt lines: those lines mean nothing to crawlers.
	CodePastedURL            Code = "pasted-url"            // A URL pasted where the text of a robots.txt file belongs.
	CodeURLLine              Code = "url-line"              // A URL alone on a line: it is no record.
	CodeConflictMarker       Code = "conflict-marker"       // A version-control conflict marker (<<<<<<<, =======, >>>>>>>) left in the file.
	CodePastLimit            Code = "past-limit"            // The file passes 500 KiB here: Google ignores the rest.
	CodeLongLine             Code = "long-line"             // A line longer than Google reads: the rest of it is ignored.
	CodeNulByte              Code = "nul-byte"              // A NUL byte ends the line early.
	CodeStrayBOM             Code = "stray-bom"             // A byte-order mark that is not at the start of the file spoils its line.
	CodeMangledBOM           Code = "mangled-bom"           // A byte-order mark converted twice ("ï»¿") spoils the first key.
	CodeBOMSpoils            Code = "bom-spoils"            // A reader that does not skip the byte-order mark does not recognise the first line.
	CodeNotUTF8              Code = "not-utf8"              // Bytes that are not UTF-8.
	CodeMissingColon         Code = "missing-colon"         // A key and value without a colon: only Google reads the line.
	CodeMisspelledKey        Code = "misspelled-key"        // A misspelled or extended key that only Google accepts.
	CodeStrictIgnored        Code = "strict-ignored"        // A line the strict reading ignores that Google reads.
	CodeDialectIgnores       Code = "dialect-ignores"       // A line this reading ignores that Google reads.
	CodeDialectMisreads      Code = "dialect-misreads"      // A line this reading takes for another rule than Google does.
	CodeNotARecord           Code = "not-a-record"          // A line that is not "key: value".
	CodeUnknownKey           Code = "unknown-key"           // A key no major crawler reads.
	CodeOrphanRule           Code = "orphan-rule"           // A rule before any User-agent line: it belongs to no group.
	CodeBadCrawlDelay        Code = "bad-crawl-delay"       // A Crawl-delay that is not a number of seconds.
	CodeCrawlDelay           Code = "crawl-delay"           // Crawl-delay: which crawlers honour it.
	CodeHost                 Code = "host"                  // Host: read by Yandex only.
	CodeCleanParam           Code = "clean-param"           // Clean-param: read by Yandex only.
	CodeUnsupportedNoindex   Code = "unsupported-noindex"   // Noindex in robots.txt: no major crawler supports it.
	CodeUnsupportedNofollow  Code = "unsupported-nofollow"  // Nofollow in robots.txt: no major crawler supports it.
	CodeUnsupportedNoarchive Code = "unsupported-noarchive" // Noarchive in robots.txt: no major crawler supports it.
	CodeLegacyKey            Code = "legacy-key"            // A non-standard key read by a few old crawlers (Request-rate, Visit-time, Revisit-after).
	CodeContentSignal        Code = "content-signal"        // Content-Signal or Content-Usage: a statement of use, not of crawling.
	CodeIgnoredKey           Code = "ignored-key"           // A key some crawlers know that Google and the standard ignore.
	CodeAIPrefMalformed      Code = "ai-pref-malformed"     // A Content-Signal or Content-Usage value that cannot be read as written.
	CodeAIPrefOutsideGroup   Code = "ai-pref-outside-group" // A Content-Signal or Content-Usage line before any User-agent line.
	CodeSitemapNotAbsolute   Code = "sitemap-not-absolute"  // A Sitemap that is not an absolute http(s) URL.
	CodeEmptyAgent           Code = "empty-agent"           // An empty User-agent: it names no crawler.
	CodeAgentCut             Code = "agent-cut"             // A User-agent value read as a shorter product token.
	CodeAgentNoToken         Code = "agent-no-token"        // A User-agent value that names no product token.
	CodeAgentVersion         Code = "agent-version"         // A User-agent value with a version, which is ignored.
	CodeControlToken         Code = "control-token"         // A product token that never fetches: it only opts content out of a use.
	CodeEmptyRule            Code = "empty-rule"            // An empty Allow or Disallow.
	CodeNeverMatches         Code = "never-matches"         // A rule whose path does not start with / or *: it never matches.
	CodeDollarInside         Code = "dollar-inside"         // A '$' that is not the pattern's last character.
	CodeDisallowAll          Code = "disallow-all"          // Disallow: / in the * group: the whole site is blocked for most crawlers.
	CodeEmptyGroup           Code = "empty-group"           // A group with no rules.
	CodeMergedGroups         Code = "merged-groups"         // Groups naming the same crawler, merged into one.
	CodeDropsGlobal          Code = "drops-global"          // A named group leaves out Disallow rules of the * group.
	CodeShadowedRule         Code = "shadowed-rule"         // A rule that never decides: another matches the same URLs and wins.
	CodeUnreachableRule      Code = "unreachable-rule"      // A rule a first-match reading never reaches: an earlier one matches first.
	CodeWildcardLiteral      Code = "wildcard-literal"      // A '*' or '$' that this reading matches literally.
	CodeWildcardsElsewhere   Code = "wildcards-elsewhere"   // Wildcards that some readings match literally.
	CodeAllowIgnored         Code = "allow-ignored"         // An Allow in a reading without Allow.
	CodeBlankEndsRecord      Code = "blank-ends-record"     // A blank line that ends the record for first-match readers, inside a Google group.
	CodeBlankInGroup         Code = "blank-in-group"        // A blank line inside a group that readers take differently.
	CodeOrderMatters         Code = "order-matters"         // Rules whose order decides for first-match readers and not for Google.
	CodeControlShared        Code = "control-token-shared"  // A control token in one group with a crawler that fetches: one set of rules decides both.
	CodeUserFetch            Code = "user-fetch"            // A group disallowing a fetcher that acts for a person, which may not follow robots.txt.
)

// codeInfo is one row of the table of codes.
type codeInfo struct {
	code     Code
	severity Severity
	summary  string
}

// codeTable is the one table of the linter's codes: each code with the
// severity of its findings (the most severe, for the few codes whose
// findings are milder in milder cases) and what it means.
var codeTable = [...]codeInfo{
	{CodeNotRobots, Error, "The file is not robots.txt at all (an HTML page, JSON, an image...): crawlers find no rules in it."},
	{CodeHTML, Error, "A web page (an error page or a soft 404) where robots.txt was expected."},
	{CodeHTMLInside, Warning, "HTML markup among robots.txt lines: those lines mean nothing to crawlers."},
	{CodePastedURL, Error, "A URL pasted where the text of a robots.txt file belongs."},
	{CodeURLLine, Warning, "A URL alone on a line: it is no record."},
	{CodeConflictMarker, Warning, "A version-control conflict marker (<<<<<<<, =======, >>>>>>>) left in the file."},
	{CodePastLimit, Warning, "The file passes 500 KiB here: Google ignores the rest."},
	{CodeLongLine, Warning, "A line longer than Google reads: the rest of it is ignored."},
	{CodeNulByte, Warning, "A NUL byte ends the line early."},
	{CodeStrayBOM, Warning, "A byte-order mark that is not at the start of the file spoils its line."},
	{CodeMangledBOM, Error, "A byte-order mark converted twice (\"ï»¿\") spoils the first key."},
	{CodeBOMSpoils, Warning, "A reader that does not skip the byte-order mark does not recognise the first line."},
	{CodeNotUTF8, Warning, "Bytes that are not UTF-8."},
	{CodeMissingColon, Warning, "A key and value without a colon: only Google reads the line."},
	{CodeMisspelledKey, Warning, "A misspelled or extended key that only Google accepts."},
	{CodeStrictIgnored, Warning, "A line the strict reading ignores that Google reads."},
	{CodeDialectIgnores, Warning, "A line this reading ignores that Google reads."},
	{CodeDialectMisreads, Error, "A line this reading takes for another rule than Google does."},
	{CodeNotARecord, Warning, "A line that is not \"key: value\"."},
	{CodeUnknownKey, Warning, "A key no major crawler reads."},
	{CodeOrphanRule, Warning, "A rule before any User-agent line: it belongs to no group."},
	{CodeBadCrawlDelay, Warning, "A Crawl-delay that is not a number of seconds."},
	{CodeCrawlDelay, Info, "Crawl-delay: which crawlers honour it."},
	{CodeHost, Info, "Host: read by Yandex only."},
	{CodeCleanParam, Info, "Clean-param: read by Yandex only."},
	{CodeUnsupportedNoindex, Warning, "Noindex in robots.txt: no major crawler supports it."},
	{CodeUnsupportedNofollow, Warning, "Nofollow in robots.txt: no major crawler supports it."},
	{CodeUnsupportedNoarchive, Warning, "Noarchive in robots.txt: no major crawler supports it."},
	{CodeLegacyKey, Info, "A non-standard key read by a few old crawlers (Request-rate, Visit-time, Revisit-after)."},
	{CodeContentSignal, Info, "Content-Signal or Content-Usage: a statement of use, not of crawling."},
	{CodeIgnoredKey, Info, "A key some crawlers know that Google and the standard ignore."},
	{CodeAIPrefMalformed, Warning, "A Content-Signal or Content-Usage value that cannot be read as written."},
	{CodeAIPrefOutsideGroup, Warning, "A Content-Signal or Content-Usage line before any User-agent line."},
	{CodeSitemapNotAbsolute, Warning, "A Sitemap that is not an absolute http(s) URL."},
	{CodeEmptyAgent, Warning, "An empty User-agent: it names no crawler."},
	{CodeAgentCut, Warning, "A User-agent value read as a shorter product token."},
	{CodeAgentNoToken, Error, "A User-agent value that names no product token."},
	{CodeAgentVersion, Info, "A User-agent value with a version, which is ignored."},
	{CodeControlToken, Info, "A product token that never fetches: it only opts content out of a use."},
	{CodeEmptyRule, Info, "An empty Allow or Disallow."},
	{CodeNeverMatches, Error, "A rule whose path does not start with / or *: it never matches."},
	{CodeDollarInside, Warning, "A '$' that is not the pattern's last character."},
	{CodeDisallowAll, Warning, "Disallow: / in the * group: the whole site is blocked for most crawlers."},
	{CodeEmptyGroup, Warning, "A group with no rules."},
	{CodeMergedGroups, Info, "Groups naming the same crawler, merged into one."},
	{CodeDropsGlobal, Info, "A named group leaves out Disallow rules of the * group."},
	{CodeShadowedRule, Warning, "A rule that never decides: another matches the same URLs and wins."},
	{CodeUnreachableRule, Warning, "A rule a first-match reading never reaches: an earlier one matches first."},
	{CodeWildcardLiteral, Warning, "A '*' or '$' that this reading matches literally."},
	{CodeWildcardsElsewhere, Info, "Wildcards that some readings match literally."},
	{CodeAllowIgnored, Info, "An Allow in a reading without Allow."},
	{CodeBlankEndsRecord, Warning, "A blank line that ends the record for first-match readers, inside a Google group."},
	{CodeBlankInGroup, Warning, "A blank line inside a group that readers take differently."},
	{CodeOrderMatters, Info, "Rules whose order decides for first-match readers and not for Google."},
	{CodeControlShared, Warning, "A control token in one group with a crawler that fetches: one set of rules decides both."},
	{CodeUserFetch, Info, "A group disallowing a fetcher that acts for a person, which may not follow robots.txt."},
}

// Codes returns every code the linter uses, in the order of its table.
func Codes() []Code {
	out := make([]Code, len(codeTable))
	for i := range codeTable {
		out[i] = codeTable[i].code
	}
	return out
}

func (c Code) info() *codeInfo {
	for i := range codeTable {
		if codeTable[i].code == c {
			return &codeTable[i]
		}
	}
	return nil
}

// Known reports whether c is one of the linter's codes.
func (c Code) Known() bool { return c.info() != nil }

// Severity returns the severity of the code's findings: for the few codes
// whose findings are milder in milder cases (agent-cut, empty-group,
// blank-in-group), the most severe they can be. It returns Info for a code
// the linter does not use.
func (c Code) Severity() Severity {
	if i := c.info(); i != nil {
		return i.severity
	}
	return Info
}

// Summary says in one sentence what a finding with the code is about, or
// "" for a code the linter does not use.
func (c Code) Summary() string {
	if i := c.info(); i != nil {
		return i.summary
	}
	return ""
}
