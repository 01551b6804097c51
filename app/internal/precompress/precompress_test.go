package precompress

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
)

func TestFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "app.wasm")
	want := bytes.Repeat([]byte("\x00asm robots.txt tester "), 1000)
	if err := os.WriteFile(name, want, 0o644); err != nil {
		t.Fatal(err)
	}
	if UpToDate(name) {
		t.Fatal("UpToDate before File = true")
	}
	if err := File(name); err != nil {
		t.Fatal(err)
	}
	if !UpToDate(name) {
		t.Error("UpToDate after File = false")
	}

	readers := map[string]func(io.Reader) (io.Reader, error){
		GzipSuffix:   func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
		BrotliSuffix: func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
	}
	for suffix, newReader := range readers {
		f, err := os.Open(name + suffix)
		if err != nil {
			t.Fatal(err)
		}
		r, err := newReader(f)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", suffix, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: decompressed content differs", suffix)
		}
	}
	entries, _ := os.ReadDir(filepath.Dir(name))
	if len(entries) != 3 {
		t.Errorf("folder holds %d files, want 3 (no temporary files left)", len(entries))
	}
}
