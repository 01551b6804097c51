//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "siteworker runs in a browser's Web Worker: build it with GOOS=js GOARCH=wasm (make build)")
	os.Exit(2)
}
