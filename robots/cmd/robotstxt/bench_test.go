package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robotstester/robots/internal/benchdata"
)

// benchAgents are the ten crawlers of the throughput figure: catalogued
// crawlers in the Google, MK1996 and Python readings, fallbacks, and
// tokens the benchmark file names.
var benchAgents = []string{
	"Googlebot", "Googlebot-Image", "bingbot", "GPTBot", "ClaudeBot",
	"CCBot", "Baiduspider", "Python-urllib", "botaa-crawler", "botkc-crawler",
}

// bigFile is the engine's 500 KiB benchmark file: 400 groups, 20,000 rules.
func bigFile() string { return string(benchdata.Big()) }

var benchInputs = flag.String("benchinputs", "", "write the throughput figure's inputs (big.txt, urls.txt with 1,000,000 URLs) to this folder")

// TestWriteBenchInputs writes the inputs of the throughput figure of docs/speed.md
// when -benchinputs names a folder:
//
//	go test ./robots/cmd/robotstxt -run TestWriteBenchInputs -benchinputs /tmp/rb
func TestWriteBenchInputs(t *testing.T) {
	if *benchInputs == "" {
		t.Skip("no -benchinputs folder")
	}
	if err := os.WriteFile(filepath.Join(*benchInputs, "big.txt"), []byte(bigFile()), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(*benchInputs, "urls.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := io.Copy(f, &urlStream{n: 1_000_000}); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "-a %s\n", strings.Join(benchAgents, " -a "))
}

// BenchmarkCheck measures check's throughput: one op is one URL checked
// for the ten agents and written as CSV (the parse of the file, once a
// run, is spread over the run's URLs).
func BenchmarkCheck(b *testing.B) {
	args := benchCheckArgs(b, "--csv")
	b.ResetTimer()
	if code := run(args, bufio.NewReader(&urlStream{n: b.N}), io.Discard, os.Stderr); code != 0 {
		b.Fatalf("status %d", code)
	}
	b.ReportMetric(float64(b.N*len(benchAgents))/b.Elapsed().Seconds(), "checks/s")
}

// benchCheckArgs returns the arguments of check on the big file for the
// ten agents, with flags.
func benchCheckArgs(b *testing.B, flags ...string) []string {
	robotsFile := filepath.Join(b.TempDir(), "big.txt")
	if err := os.WriteFile(robotsFile, []byte(bigFile()), 0o644); err != nil {
		b.Fatal(err)
	}
	args := append([]string{"check", "--file", robotsFile}, flags...)
	for _, a := range benchAgents {
		args = append(args, "-a", a)
	}
	return args
}
