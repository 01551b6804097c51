package docs

import "testing"

func TestSplit(t *testing.T) {
	md := "# T\n<!-- file: a -->\n```sh\nx\n```\n\n```\ny\n```\n"
	prose, blocks := Split(md)
	if len(blocks) != 2 {
		t.Fatalf("%d blocks", len(blocks))
	}
	if b := blocks[0]; b.Line != 3 || b.Lang != "sh" || b.Marker != "file: a" || b.Text != "x\n" {
		t.Errorf("first block %+v", b)
	}
	// A marker belongs to the block right after it, not to the next one.
	if b := blocks[1]; b.Line != 7 || b.Marker != "" || b.Text != "y\n" {
		t.Errorf("second block %+v", b)
	}
	if len(prose) != 10 || prose[3] != "" || prose[0] != "# T" {
		t.Errorf("prose %q", prose)
	}
}
