package peerbench

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"robotstester/robots/internal/benchdata"
)

// sink keeps results alive so that the compiler cannot drop the calls.
var sink bool

func BenchmarkParseBig(b *testing.B) {
	data := benchdata.Big()
	for _, p := range peers {
		b.Run(p.name, func(b *testing.B) {
			parse := p.parser(data)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				parse()
			}
		})
	}
}

func BenchmarkCheckBig(b *testing.B) {
	data := benchdata.Big()
	q := newQuery(benchdata.BigAgent, benchdata.BigURL)
	for _, p := range peers {
		b.Run(p.name, func(b *testing.B) {
			check, ok := p.checker(data)
			if !ok {
				b.Skipf("%s rejected the file", p.name)
			}
			check(q) // lazily built state, if any, is made on first use
			b.ReportAllocs()
			for b.Loop() {
				sink = check(q)
			}
		})
	}
}

// BenchmarkCheckBigPairs checks Big for benchdata.BigPairs, 2,400
// different agent and URL pairs, one pair per operation, in turn. (A
// library as slow as grobotstxt gets through only the first few hundred
// pairs in a run.)
func BenchmarkCheckBigPairs(b *testing.B) {
	data := benchdata.Big()
	pairs := benchdata.BigPairs()
	qs := make([]query, len(pairs))
	for i, p := range pairs {
		qs[i] = newQuery(p.Agent, p.URL)
	}
	for _, p := range peers {
		b.Run(p.name, func(b *testing.B) {
			check, ok := p.checker(data)
			if !ok {
				b.Skipf("%s rejected the file", p.name)
			}
			check(qs[0])
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				sink = check(qs[i])
				if i++; i == len(qs) {
					i = 0
				}
			}
		})
	}
}

// BenchmarkParseCorpus parses every file of the shared corpus, cut at the
// fetch limit, once per iteration; its MB/s is over the whole corpus.
func BenchmarkParseCorpus(b *testing.B) {
	files := corpus(b)
	var total int64
	for _, f := range files {
		total += int64(len(f))
	}
	for _, p := range peers {
		b.Run(p.name, func(b *testing.B) {
			parses := make([]func(), len(files))
			for i, f := range files {
				parses[i] = p.parser(f)
			}
			b.SetBytes(total)
			b.ReportAllocs()
			for b.Loop() {
				for _, parse := range parses {
					parse()
				}
			}
		})
	}
}

// BenchmarkPathological checks benchdata.PathologicalFile against paths of
// n 'a's. A library whose one check takes longer than probeLimit is skipped
// with the time it took; the probe runs in a child process, which is
// killed if it overruns, so that a runaway check cannot hold the run up.
func BenchmarkPathological(b *testing.B) {
	data := benchdata.PathologicalFile()
	for _, n := range []int{5000, 1000000} {
		q := newQuery("x", "https://example.com"+benchdata.PathologicalPath(n))
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for _, p := range peers {
				b.Run(p.name, func(b *testing.B) {
					if d, err := probe(p.name, n); err != nil {
						b.Skipf("%s: one check of a %d-byte path %v; skipped", p.name, n+1, err)
					} else if d > probeLimit {
						b.Skipf("%s: one check of a %d-byte path took %v (over %v); skipped", p.name, n+1, d.Round(time.Millisecond), probeLimit)
					}
					check, ok := p.checker(data)
					if !ok {
						b.Skipf("%s rejected the file", p.name)
					}
					for b.Loop() {
						sink = check(q)
					}
				})
			}
		})
	}
}

// probeLimit is the longest one pathological check may take before the
// library is left out of BenchmarkPathological.
const probeLimit = 2 * time.Second

// probeEnv names the environment variable that makes the test binary a
// probe: "peer n" runs one pathological check and prints its time.
const probeEnv = "PEERBENCH_PROBE"

// probes caches the probe of each peer and n across -count runs.
var probes = map[string]probeResult{}

type probeResult struct {
	d   time.Duration
	err error
}

// probe times one check of the pathological file by the named peer
// against a path of n 'a's, in a child process that is killed once it has
// run for a second more than probeLimit.
func probe(name string, n int) (time.Duration, error) {
	key := fmt.Sprint(name, " ", n)
	if r, ok := probes[key]; ok {
		return r.d, r.err
	}
	ctx, cancel := context.WithTimeout(context.Background(), probeLimit+time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0])
	cmd.Env = append(os.Environ(), probeEnv+"="+key)
	out, err := cmd.Output()
	var r probeResult
	switch {
	case ctx.Err() != nil:
		r.err = fmt.Errorf("did not finish in %v (killed)", probeLimit+time.Second)
	case err != nil:
		r.err = fmt.Errorf("probe failed: %v", err)
	default:
		r.d, r.err = time.ParseDuration(strings.TrimSpace(string(out)))
	}
	probes[key] = r
	return r.d, r.err
}

// runProbe is the child's side of probe.
func runProbe(spec string) error {
	name, ns, _ := strings.Cut(spec, " ")
	n, err := strconv.Atoi(ns)
	if err != nil {
		return err
	}
	for _, p := range peers {
		if p.name != name {
			continue
		}
		check, ok := p.checker(benchdata.PathologicalFile())
		if !ok {
			return errors.New("file rejected")
		}
		q := newQuery("x", "https://example.com"+benchdata.PathologicalPath(n))
		start := time.Now()
		sink = check(q)
		fmt.Println(time.Since(start))
		return nil
	}
	return fmt.Errorf("no peer %q", name)
}

func TestMain(m *testing.M) {
	if spec := os.Getenv(probeEnv); spec != "" {
		if err := runProbe(spec); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}
