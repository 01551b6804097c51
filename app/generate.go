//go:build !js

package main

import (
	"flag"
	"fmt"
	"os"

	"robotstester/app/internal/site"
)

// generate builds the static site as the command-line flags say, and exits
// non-zero on failure.
func generate() {
	var opts site.Options
	flag.StringVar(&opts.Out, "out", "site", "folder to write the site to (replaced)")
	flag.StringVar(&opts.Web, "web", "web", "folder of static assets holding app.wasm")
	flag.StringVar(&opts.WasmExec, "wasm-exec", "", "the wasm_exec.js of the toolchain that built app.wasm; default: $(go env GOROOT)/lib/wasm/wasm_exec.js")
	flag.StringVar(&opts.Prefix, "prefix", "", "URL path the site is served under, e.g. /tools/robots; empty for the root")
	flag.StringVar(&opts.URL, "url", "", "public address of the site, e.g. https://example.com/tools/robots/, for its link previews (og:url); empty: none")
	flag.StringVar(&opts.FetchRelay, "fetch-relay", "", "address of the fetch relay the page asks, e.g. https://relay.example/fetch; empty: the site's own /fetch, if any")
	flag.StringVar(&opts.Version, "version", "", "build version; default: a hash of the web folder and wasm_exec.js")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "app: unexpected arguments %q\n", flag.Args())
		flag.Usage()
		os.Exit(2)
	}
	if opts.WasmExec == "" {
		path, err := site.ToolchainWasmExec()
		if err != nil {
			fmt.Fprintln(os.Stderr, "app:", err)
			os.Exit(1)
		}
		opts.WasmExec = path
	}
	if err := site.Build(opts); err != nil {
		fmt.Fprintln(os.Stderr, "app:", err)
		os.Exit(1)
	}
}
