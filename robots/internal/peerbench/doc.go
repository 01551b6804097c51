// Package peerbench runs the engine's benchmarks on other Go robots.txt
// libraries, side by side, and checks how far each agrees with Google's
// compliance suite.
//
// It is a module of its own so that the engine's go.mod never names a peer
// library. Every benchmark has one sub-benchmark per library, named after
// it, so that a table can be made from the results:
//
//	BenchmarkParseBig/ours
//	BenchmarkParseBig/temoto
//	BenchmarkParseBig/grobotstxt
//
// The libraries are:
//
//   - ours: robotstester/robots. A file is parsed once with Parse and then
//     checked any number of times with File.Check.
//   - temoto: github.com/temoto/robotstxt. A file is parsed once with
//     FromBytes; a check is FindGroup(agent).Test(path), given the path
//     already cut from the URL.
//   - grobotstxt: github.com/jimsmart/grobotstxt, a port of Google's C++
//     library. It keeps no parsed form: AgentAllowed parses the body again
//     on every check, matching as it goes, so its checks are parse plus
//     check. Its only parse-only API is Parse with a ParseHandler; the parse
//     benchmarks call it with a handler that does nothing, which measures
//     tokenising alone and keeps nothing to check against later.
//
// The table of medians is made with
//
//	go -C robots/internal/peerbench run ./cmd/table
//
// from the repository root (see cmd/table for its flags).
package peerbench
