// Package sitemaptest makes sitemaps past the protocol's limits for
// tests: large ones written as they are read, and gzip bombs built in
// milliseconds.
package sitemaptest

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
)

// Head is what every sitemap made here starts with.
const Head = `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n"

// entry is the i-th URL of a padded sitemap: about size bytes, a comment
// making up the rest.
func entry(i, size int) string {
	return fmt.Sprintf("<url><loc>https://example.com/p/%d</loc><!-- %s --></url>\n", i, strings.Repeat("p", max(size-60, 0)))
}

// Padded writes to w a urlset of n URLs, each about size bytes.
func Padded(w io.Writer, n, size int) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(Head)
	for i := range n {
		bw.WriteString(entry(i, size))
	}
	bw.WriteString("</urlset>\n")
	return bw.Flush()
}

// Reader returns a reader of Padded(n, size), made as it is read: a
// sitemap of any size without it in memory.
func Reader(n, size int) io.ReadCloser {
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(Padded(pw, n, size)) }()
	return pr
}

// Bomb returns a gzip stream that inflates to a urlset of n copies of
// one URL of about size bytes (n*size in all, rounded up to 64 KiB),
// never closed: a gzip bomb.
// Each copy is the same deflate blocks, compressed once and repeated
// (blocks that refer to nothing before them can follow one another), so
// that a gigabyte takes 2.6 MB and no time to make.
func Bomb(n, size int) []byte {
	var out bytes.Buffer
	out.Write([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}) // gzip header: deflate, no name, no time
	crc := crc32.NewIEEE()
	total := 0
	block := func(s string) []byte {
		var b bytes.Buffer
		fw, _ := flate.NewWriter(&b, flate.BestCompression)
		io.WriteString(fw, s)
		fw.Flush() // ends byte-aligned, not final
		return b.Bytes()
	}
	out.Write(block(Head))
	crc.Write([]byte(Head))
	total += len(Head)
	// Blocks of at least 64 KiB: a deflate block's own overhead is then
	// nothing beside what it inflates to.
	per := max(1, 64<<10/max(size, 1))
	one := strings.Repeat(entry(0, size), per)
	compressed := block(one)
	for range (n + per - 1) / per {
		out.Write(compressed)
		crc.Write([]byte(one))
		total += len(one)
	}
	out.Write([]byte{0x03, 0x00}) // a final, empty fixed-Huffman block
	binary.Write(&out, binary.LittleEndian, crc.Sum32())
	binary.Write(&out, binary.LittleEndian, uint32(total))
	return out.Bytes()
}
