// Package robots reads robots.txt files the way real crawlers do and
// explains every verdict.
//
// A file is parsed once with [Parse], which never fails: whatever the bytes,
// the result keeps every line with what it was read as. A [File] then answers
// any number of questions:
//
//	f := robots.Parse(body)
//	v := f.Check("Googlebot", "https://example.com/private/x.html")
//	fmt.Println(v.Allowed, v.Line) // false 4
//
// [File.Check] reads the file as Googlebot does (the [Google] dialect, which
// agrees with Google's open-source reference library on every case of its
// compliance suite). [File.CheckDialect] reads it in another dialect, such as
// [RFC9309], the IETF standard as written. A dialect is a value, not a
// separate parser: each is a row of one table of named parts (a line
// reader that emits one kind of event per line, a grouping policy that
// builds groups from those events, an agent matcher, a rule decider, the
// makers of paths and patterns, and named quirks), and every dialect runs
// the same code over the same lines, steered by its parts.
//
// Every [Verdict] carries its explanation: the groups that applied and why,
// every rule that matched with its priority, the rule that decided and the
// tie-break, if any. [Verdict.Decision] names how it was decided (longest
// match, first match in file order, Allow wins a tie, an empty rule, ...),
// and [Verdict.DecisionSentence] and [Verdict.GroupSentence] say it in the
// reading's own words. [File.Findings] lists what a careful reader would
// say about the file (the linter), line by line, each finding with a
// [Code] from one table of codes.
//
// What a crawler does also depends on how the server answered its request
// for robots.txt: [Interpret] reads an answer (status, header, body) and
// says, through [Outcome.Access], what each dialect's crawlers do after it
// (a 404 allows all, a 503 disallows all, for a while). Package
// robots/fetch gets the file over HTTP, as a crawler does.
//
// The package imports only the standard library, so it builds natively and
// for WebAssembly alike.
package robots
