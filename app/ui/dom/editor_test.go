package dom

import "testing"

func TestKeepBOM(t *testing.T) {
	for in, want := range map[string]string{"": "", "a\uFEFF": "a\uFEFF", "\uFEFFa": "\uFEFF\uFEFFa"} {
		if got := KeepBOM(in); got != want {
			t.Errorf("KeepBOM(%q) = %q, want %q", in, got, want)
		}
	}
}
