// Command compress writes gzip and brotli forms of files beside them, for a
// static server to send to browsers that accept them:
//
//	go run ./app/cmd/compress web/app.wasm
//
// writes web/app.wasm.gz and web/app.wasm.br. A file whose compressed forms
// are newer than it is skipped unless -force is given.
package main

import (
	"flag"
	"fmt"
	"os"

	"robotstester/app/internal/precompress"
)

func main() {
	force := flag.Bool("force", false, "compress even when the compressed files are up to date")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: compress [-force] file...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	for _, name := range flag.Args() {
		if !*force && precompress.UpToDate(name) {
			continue
		}
		if err := precompress.File(name); err != nil {
			fmt.Fprintln(os.Stderr, "compress:", err)
			os.Exit(1)
		}
	}
}
