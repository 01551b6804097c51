package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"robotstester/app/model"
	"robotstester/robots"
)

var sample = model.State{
	Robots:   "User-agent: *\nDisallow: /private/\nAllow: /private/press/ # ツ\n",
	Rows:     []model.Row{{Agent: "Googlebot", URL: "/private/x"}, {Agent: "Mozilla/5.0 (compatible; bingbot/2.0)", URL: "example.com/über uns"}},
	Dialect:  "rfc9309",
	Selected: 1,
}

func TestRoundTrip(t *testing.T) {
	for _, s := range []model.State{sample, {}, {Robots: strings.Repeat("Disallow: /x\n", 10000), Rows: []model.Row{{}}}} {
		payload := Encode(s)
		if strings.ContainsAny(payload, "+/=#&") {
			t.Errorf("payload is not base64url: %q", payload[:min(len(payload), 40)])
		}
		got, err := Decode(payload)
		if err != nil {
			t.Fatalf("Decode: %v", err)
		}
		if s.Rows == nil {
			s.Rows = []model.Row{}
		}
		if !reflect.DeepEqual(got, s) {
			t.Errorf("round trip: got %+v, want %+v", got, s)
		}
		fromFile, err := Unmarshal(Marshal(s))
		if err != nil || !reflect.DeepEqual(fromFile, s) {
			t.Errorf("state file round trip: %+v, %v", fromFile, err)
		}
	}
}

func TestFromFragment(t *testing.T) {
	for _, frag := range []string{"#" + Fragment(sample), Fragment(sample), "embed=1&" + Fragment(sample) + "&readonly=1"} {
		s, ok, err := FromFragment(frag)
		if !ok || err != nil || !reflect.DeepEqual(s, sample) {
			t.Errorf("FromFragment(%q...) = %v %v", frag[:10], ok, err)
		}
	}
	if _, ok, err := FromFragment("#top"); ok || err != nil {
		t.Errorf("a plain anchor read as state: %v %v", ok, err)
	}
}

// deflated compresses raw bytes into a payload, for hostile inputs.
func deflated(data []byte) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(data)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

func TestDecodeBadInput(t *testing.T) {
	good := Encode(sample)
	bomb := deflated(append([]byte(`{"v":1,"robots":"`), bytes.Repeat([]byte("a"), 50<<20)...))
	for _, c := range []struct {
		name, payload string
		want          error
	}{
		{"empty", "", ErrDamaged},
		{"not base64", "!!!***", ErrDamaged},
		{"truncated", good[:len(good)/2], ErrDamaged},
		{"not deflate", base64.RawURLEncoding.EncodeToString([]byte("hello, world")), ErrDamaged},
		{"compression bomb", bomb, ErrTooLarge},
		{"huge payload", strings.Repeat("A", 4*MaxDecoded+1), ErrTooLarge},
		{"data after the state", deflated([]byte(`{"v":1,"robots":"x"} {"v":1}`)), ErrInvalid},
		{"junk after the state", deflated([]byte(`{"v":1,"robots":"x"}junk`)), ErrInvalid},
		{"not JSON", deflated([]byte("<script>alert(1)</script>")), ErrInvalid},
		{"wrong types", deflated([]byte(`{"v":1,"robots":42,"rows":"x"}`)), ErrInvalid},
		{"rows of wrong type", deflated([]byte(`{"v":1,"rows":[{"agent":1}]}`)), ErrInvalid},
		{"no version", deflated([]byte(`{"robots":"x"}`)), ErrInvalid},
		{"newer version", deflated([]byte(`{"v":99,"robots":"x"}`)), ErrNewer},
	} {
		s, err := Decode(c.payload)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.want)
		}
		if err != nil && !reflect.DeepEqual(s, model.State{}) {
			t.Errorf("%s: state returned with the error", c.name)
		}
	}
}

func TestDecodeClampsSelection(t *testing.T) {
	s, err := Decode(deflated([]byte(`{"v":1,"rows":[{"agent":"a","url":"/"}],"selected":7}`)))
	if err != nil || s.Selected != 0 {
		t.Errorf("selected = %d, %v", s.Selected, err)
	}
}

func TestURLs(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"/a\n\n/b\r\n/a\n  /c  \n", []string{"/a", "/b", "/c"}},
		{"url,status\nhttps://e.com/a,200\nhttps://e.com/b?x=1,404\n", []string{"https://e.com/a", "https://e.com/b?x=1"}},
		{"\uFEFFURL\n/a\n", []string{"/a"}},
		{"", nil},
	} {
		if got := URLs(c.text); !reflect.DeepEqual(got, c.want) {
			t.Errorf("URLs(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	if n := len(URLs(strings.Repeat("/x\n", 10) + strings.Repeat("/y", 1) + "\n" + func() string {
		var b strings.Builder
		for i := 0; i < model.MaxRows+50; i++ {
			b.WriteString("/p")
			b.WriteString(strings.Repeat("a", i%7))
			b.WriteByte(byte('a' + i%26))
			b.WriteString("\n")
			b.WriteString("/q")
			b.WriteString(string(rune('0' + i%10)))
			b.WriteString(strings.Repeat("b", i))
			b.WriteString("\n")
		}
		return b.String()
	}())); n <= model.MaxRows {
		t.Errorf("URLs kept %d: a list is never cut silently, the caller says what fits", n)
	}
}

func TestExport(t *testing.T) {
	s := sample
	s.Rows = append(s.Rows, model.Row{Agent: "=cmd|' /C calc'!A0", URL: "/"})
	a := model.Analyze(&s)
	results := Results(a, &s)
	if len(results) != 3 {
		t.Fatalf("%d results", len(results))
	}
	if r := results[0]; r.Verdict != "blocked" || r.Line != 2 || r.Rule != "Disallow: /private/" || r.Token != "Googlebot" || r.Groups == "" {
		t.Errorf("result 0 = %+v", r)
	}
	csvText := string(ResultsCSV(results))
	if !strings.HasPrefix(csvText, "agent,token,url,tested,dialect,verdict,line,rule,groups,expect,expectation,answer\n") || !strings.Contains(csvText, "'=cmd") {
		t.Errorf("CSV:\n%s", csvText)
	}
	if js := string(ResultsJSON(results)); !strings.Contains(js, `"verdict": "blocked"`) {
		t.Errorf("JSON:\n%s", js)
	}
	if js := string(ResultsJSON(nil)); js != "[]\n" {
		t.Errorf("empty JSON = %q", js)
	}
}

func TestExpectCarried(t *testing.T) {
	s := model.State{Robots: "User-agent: *\nDisallow: /x\n", Rows: []model.Row{
		{Agent: "Googlebot", URL: "/x", Expect: "allowed"}, {Agent: "Googlebot", URL: "/y"}}}
	back, err := Decode(Encode(s))
	if err != nil || back.Rows[0].Expect != "allowed" || back.Rows[1].Expect != "" {
		t.Fatalf("link: %v %+v", err, back.Rows)
	}
	if !strings.Contains(string(Marshal(s)), `"expect": "allowed"`) || strings.Count(string(Marshal(s)), `"expect"`) != 1 {
		t.Errorf("state file: %s", Marshal(s))
	}
	// Old states have no expect; odd values read as none.
	old, err := Unmarshal([]byte(`{"v":1,"robots":"","rows":[{"agent":"a","url":"/"},{"agent":"b","url":"/","expect":"BLOCKED"},{"agent":"c","url":"/","expect":"perhaps"}],"selected":0}`))
	if err != nil || old.Rows[0].Expect != "" || old.Rows[1].Expect != "blocked" || old.Rows[2].Expect != "" {
		t.Errorf("old or odd state: %v %+v", err, old.Rows)
	}
	a := model.Analyze(&s)
	csv := string(ResultsCSV(Results(a, &s)))
	if !strings.Contains(csv, ",allowed,broken,\n") {
		t.Errorf("csv: %s", csv)
	}
}

func TestAnswerCarried(t *testing.T) {
	s := model.State{Robots: "User-agent: *\n", Answer: "503"}
	if back, err := Decode(Encode(s)); err != nil || back.Answer != "503" {
		t.Fatalf("link: %v %q", err, back.Answer)
	}
	if strings.Contains(string(Marshal(model.State{})), "answer") {
		t.Errorf("a 200 is written: %s", Marshal(model.State{}))
	}
	if odd, err := Unmarshal([]byte(`{"v":1,"robots":"","rows":[],"answer":"418","selected":0}`)); err != nil || odd.Answer != "" {
		t.Errorf("odd answer: %v %q", err, odd.Answer)
	}
	an := model.Analyze(&model.State{Robots: s.Robots, Rows: []model.Row{{Agent: "Googlebot", URL: "/"}}, Answer: "503"})
	if r := Results(an, &model.State{Rows: []model.Row{{Agent: "Googlebot", URL: "/"}}}); r[0].Answer != "disallow all (503)" || r[0].Verdict != "blocked" {
		t.Errorf("results under 503: %+v", r[0])
	}
	if Same(s, model.State{Robots: s.Robots}) {
		t.Errorf("states with different answers are the same")
	}
}

func TestChangesCSV(t *testing.T) {
	s := model.State{Robots: "User-agent: *\nDisallow: /x\n", Rows: []model.Row{{Agent: "=Googlebot", URL: "/x"}, {Agent: "b", URL: "/y"}}}
	proposed, _ := model.ProposedFile("User-agent: *\nDisallow: /y\n")
	got := string(ChangesCSV(model.DiffVersions(model.Analyze(&s), proposed, &s)))
	want := "test,agent,token,url,tested,dialect,current,current_line,current_rule,proposed,proposed_line,proposed_rule\n" +
		"1,'=Googlebot,Googlebot,/x,/x,Google,blocked,2,Disallow: /x,allowed,0,\n" +
		"2,b,b,/y,/y,Google,allowed,0,,blocked,2,Disallow: /y\n"
	if got != want {
		t.Errorf("CSV:\n%s\nwant\n%s", got, want)
	}
}

// TestUnmarshalPaced: a state's tests are read with pauses between them,
// and what is read, and the errors, are Unmarshal's.
func TestUnmarshalPaced(t *testing.T) {
	s := model.State{Robots: "User-agent: *\nDisallow: /\n"}
	for i := range 250 {
		s.Rows = append(s.Rows, model.Row{Agent: "Googlebot", URL: "/" + strconv.Itoa(i)})
	}
	data := Marshal(s)
	pauses := 0
	got, err := UnmarshalPaced(data, func() bool { pauses++; return false })
	if err != nil || !Same(got, s) {
		t.Fatalf("UnmarshalPaced = %+v, %v", got, err)
	}
	if pauses < 3 {
		t.Errorf("%d pauses for 250 tests", pauses)
	}
	for stop := 1; stop <= pauses; stop++ {
		n := 0
		if _, err := UnmarshalPaced(data, func() bool { n++; return n == stop }); err != robots.ErrStopped || n != stop {
			t.Errorf("stopped at pause %d: %v after %d pauses", stop, err, n)
		}
	}
	for _, bad := range []string{`{"v":1,"rows":{}}`, `{"v":1,"rows":[{"agent":3}]}`, `{"v":1,"rows":[1,`} {
		if _, err := Unmarshal([]byte(bad)); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", bad, err)
		}
	}
	if _, err := Unmarshal([]byte(`{"v":1,"rows":[{"agent":3}]}`)); err == nil || !strings.Contains(err.Error(), `"rows.agent"`) {
		t.Errorf("a test's crawler that is a number: %v", err)
	}
}

// TestForStorageReadsBack: the autosave's own encoding of the file reads
// back as encoding/json's would, whatever the text holds.
func TestForStorageReadsBack(t *testing.T) {
	for _, robots := range []string{"", "User-agent: *\n", "a\"b\\c\x00\x1f\t\r\n<&>\u2028é😀", "\ufeffx\f", strings.Repeat("Disallow: /x\n", 1000)} {
		s := model.State{Robots: robots, Rows: []model.Row{{Agent: `a"robots":""`, URL: "/"}}}
		data, err := ForStorage(s)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Unmarshal(data)
		if err != nil || !Same(got, s) {
			t.Errorf("%q: read back %+v, %v", robots, got, err)
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Errorf("%q: not JSON: %v", robots, err)
		}
	}
}

func BenchmarkForStorage4MiB(b *testing.B) {
	s := model.State{Robots: strings.Repeat("Disallow: /archive/\"x\"/*.pdf$\n", 4<<20/31)}
	for range b.N {
		if _, err := ForStorage(s); err != nil {
			b.Fatal(err)
		}
	}
}
