package docs

import "strings"

// A Block is a fenced block of a Markdown page.
type Block struct {
	Line   int    // of the opening fence, 1-based
	Lang   string // the fence's info string
	Marker string // an HTML comment on the last non-blank line before it, without <!-- -->
	Text   string // the lines between the fences, each ended by "\n"
}

// Split returns a page's prose, one element a line, with the lines inside
// its fenced blocks blanked out (so that line numbers stay), and the
// blocks.
func Split(md string) (prose []string, blocks []Block) {
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(l, "```") {
			prose = append(prose, lines[i])
			continue
		}
		b := Block{Line: i + 1, Lang: strings.TrimSpace(strings.TrimPrefix(l, "```"))}
		for j := len(prose) - 1; j >= 0; j-- {
			p := strings.TrimSpace(prose[j])
			if p == "" {
				continue
			}
			if strings.HasPrefix(p, "<!--") && strings.HasSuffix(p, "-->") {
				b.Marker = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(p, "<!--"), "-->"))
			}
			break
		}
		// The fences stay in the prose: a marker is looked for above a
		// block, never past the block before it.
		prose = append(prose, lines[i])
		var body strings.Builder
		for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
			body.WriteString(lines[i])
			body.WriteByte('\n')
			prose = append(prose, "")
		}
		if i < len(lines) {
			prose = append(prose, lines[i])
		}
		b.Text = body.String()
		blocks = append(blocks, b)
	}
	return prose, blocks
}
