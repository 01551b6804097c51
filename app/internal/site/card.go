//go:build !js

package site

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strings"
)

// The card is the picture a link preview shows (og:image, twitter:image):
// the tester's name over a robots.txt of three lines, the last deciding,
// one blocked and one allowed. It is drawn by the build with the standard
// library alone, so there is no image file to keep in step with the name,
// and the same code gives the same bytes.
const (
	CardName   = "og-image.png" // in the site's web folder
	CardWidth  = 1200
	CardHeight = 630
)

var (
	cardBlue   = color.RGBA{0x1d, 0x5f, 0xa8, 0xff} // the theme colour
	cardWhite  = color.RGBA{0xff, 0xff, 0xff, 0xff}
	cardInk    = color.RGBA{0x1f, 0x29, 0x37, 0xff}
	cardDecide = color.RGBA{0xfd, 0xe6, 0x8a, 0xff} // the deciding line's yellow
	cardRed    = color.RGBA{0xb9, 0x1c, 0x1c, 0xff}
	cardGreen  = color.RGBA{0x15, 0x80, 0x3d, 0xff}
)

// cardGlyphs is a 5 × 7 pixel font of the characters the card writes.
var cardGlyphs = map[rune]string{
	'a': "..... ..... .###. ....# .#### #...# .####",
	'b': "#.... #.... ####. #...# #...# #...# ####.",
	'c': "..... ..... .###. #.... #.... #.... .###.",
	'e': "..... ..... .###. #...# ##### #.... .###.",
	'g': "..... ..... .#### #...# .#### ....# .###.",
	'i': "..#.. ..... .##.. ..#.. ..#.. ..#.. .###.",
	'l': ".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
	'n': "..... ..... ####. #...# #...# #...# #...#",
	'o': "..... ..... .###. #...# #...# #...# .###.",
	'p': "..... ..... ####. #...# ####. #.... #....",
	'r': "..... ..... #.##. ##..# #.... #.... #....",
	's': "..... ..... .#### #.... .###. ....# ####.",
	't': ".#... .#... ####. .#... .#... .#..# ..##.",
	'v': "..... ..... #...# #...# #...# .#.#. ..#..",
	'w': "..... ..... #...# #...# #.#.# #.#.# .#.#.",
	'x': "..... ..... #...# .#.#. ..#.. .#.#. #...#",
	'A': ".###. #...# #...# ##### #...# #...# #...#",
	'D': "####. #...# #...# #...# #...# #...# ####.",
	'U': "#...# #...# #...# #...# #...# #...# .###.",
	'-': "..... ..... ..... ##### ..... ..... .....",
	':': "..... ..#.. ..#.. ..... ..#.. ..#.. .....",
	'*': "..... ..#.. #.#.# .###. #.#.# ..#.. .....",
	'/': "....# ....# ...#. ..#.. .#... #.... #....",
	'.': "..... ..... ..... ..... ..... .##.. .##..",
	' ': "..... ..... ..... ..... ..... ..... .....",
	'✓': "..... ....# ...## #.##. ###.. .#... .....",
	'✕': "..... #...# .#.#. ..#.. .#.#. #...# .....",
}

// cardText writes s at (x, y), its top left corner, each pixel of the font
// a square of scale pixels, and returns the x after it.
func cardText(img *image.RGBA, x, y, scale int, s string, c color.Color) int {
	for _, r := range s {
		glyph, ok := cardGlyphs[r]
		if !ok {
			panic("site: the card's font has no " + string(r))
		}
		rows := strings.Fields(glyph)
		for row, bits := range rows {
			for col, bit := range bits {
				if bit == '#' {
					r := image.Rect(x+col*scale, y+row*scale, x+(col+1)*scale, y+(row+1)*scale)
					draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
				}
			}
		}
		x += 6 * scale
	}
	return x
}

func cardFill(img *image.RGBA, r image.Rectangle, c color.Color) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// Card returns the link preview's picture, a PNG of CardWidth × CardHeight.
func Card() []byte {
	img := image.NewRGBA(image.Rect(0, 0, CardWidth, CardHeight))
	cardFill(img, img.Bounds(), cardBlue)
	cardText(img, 90, 80, 10, "robots.txt tester", cardWhite)

	panel := image.Rect(90, 220, 1110, 530)
	cardFill(img, panel, cardWhite)
	lines := []struct {
		text    string
		mark    rune
		c       color.Color
		decides bool
	}{
		{"User-agent: *", 0, nil, false},
		{"Disallow: /private/", '✕', cardRed, false},
		{"Allow: /private/press/", '✓', cardGreen, true},
	}
	for i, l := range lines {
		y := panel.Min.Y + 50 + i*90
		if l.decides {
			cardFill(img, image.Rect(panel.Min.X, y-20, panel.Max.X, y+55), cardDecide)
		}
		cardText(img, panel.Min.X+40, y, 5, l.text, cardInk)
		if l.mark != 0 {
			chip := image.Rect(panel.Max.X-150, y-12, panel.Max.X-40, y+47)
			cardFill(img, chip, l.c)
			cardText(img, chip.Min.X+40, y, 5, string(l.mark), cardWhite)
		}
	}
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&b, img); err != nil {
		panic(err) // writing to memory does not fail
	}
	return b.Bytes()
}
