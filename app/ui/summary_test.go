package ui

import "testing"

func TestSummarize(t *testing.T) {
	tests := []struct {
		text string
		want Summary
	}{
		{"", Summary{0, 0}},
		{"User-agent: *", Summary{1, 13}},
		{"User-agent: *\n", Summary{1, 14}},
		{"User-agent: *\nDisallow: /", Summary{2, 25}},
		{"a\r\nb\rc\n", Summary{3, 7}},
		{"\n\n", Summary{2, 2}},
		{"é", Summary{1, 2}},
	}
	for _, tt := range tests {
		if got := Summarize(tt.text); got != tt.want {
			t.Errorf("Summarize(%q) = %+v, want %+v", tt.text, got, tt.want)
		}
	}
}

func TestSummaryString(t *testing.T) {
	if got, want := (Summary{1, 1}).String(), "1 line, 1 byte"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := (Summary{2, 25}).String(), "2 lines, 25 bytes"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
