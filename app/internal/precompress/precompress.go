// Package precompress writes gzip and brotli forms of a file beside it, so
// that a static server can send them to browsers that accept them without
// compressing on every request.
package precompress

import (
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/andybalholm/brotli"
)

// Suffixes of the files written beside the original, with the
// Content-Encoding each stands for.
const (
	GzipSuffix   = ".gz"
	BrotliSuffix = ".br"
)

// File writes name+".gz" (gzip, best compression) and name+".br" (brotli,
// best quality) from the file name. Each is written to a temporary file and
// renamed into place, so a reader never sees half a file.
func File(name string) error {
	if err := write(name, GzipSuffix, func(w io.Writer) (io.WriteCloser, error) {
		return gzip.NewWriterLevel(w, gzip.BestCompression)
	}); err != nil {
		return err
	}
	return write(name, BrotliSuffix, func(w io.Writer) (io.WriteCloser, error) {
		return brotli.NewWriterLevel(w, brotli.BestCompression), nil
	})
}

// UpToDate reports whether both compressed forms of name exist and are not
// older than name, so that File can be skipped.
func UpToDate(name string) bool {
	src, err := os.Stat(name)
	if err != nil {
		return false
	}
	for _, suffix := range []string{GzipSuffix, BrotliSuffix} {
		dst, err := os.Stat(name + suffix)
		if err != nil || dst.ModTime().Before(src.ModTime()) {
			return false
		}
	}
	return true
}

func write(name, suffix string, newWriter func(io.Writer) (io.WriteCloser, error)) (err error) {
	in, err := os.Open(name)
	if err != nil {
		return err
	}
	defer in.Close()

	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+suffix+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	zw, err := newWriter(tmp)
	if err != nil {
		return err
	}
	if _, err := io.Copy(zw, in); err != nil {
		return fmt.Errorf("compressing %s: %w", name, err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("compressing %s: %w", name, err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name+suffix)
}
