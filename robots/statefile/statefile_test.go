package statefile

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	s := State{Robots: "User-agent: *\nDisallow: /\n", Dialect: "python", Selected: 1, Answer: "503",
		Rows: []Row{{Agent: "Googlebot", URL: "/a", Expect: ExpectBlocked}, {Agent: "Mozilla/5.0 (compatible; bingbot/2.0)", URL: "/über"}}}
	fromLink, err := FromLink("https://tester.example/#" + Fragment(s))
	if err != nil || !reflect.DeepEqual(fromLink, s) {
		t.Errorf("link: %+v, %v", fromLink, err)
	}
	for name, data := range map[string][]byte{"file": Marshal(s), "compact": MarshalCompact(s)} {
		got, err := Unmarshal(data)
		if err != nil || !reflect.DeepEqual(got, s) {
			t.Errorf("%s: %+v, %v", name, got, err)
		}
	}
	if !strings.HasPrefix(string(Marshal(State{})), "{\n  \"v\": 1,\n  \"robots\": \"\",\n  \"rows\": []") {
		t.Errorf("an empty state: %s", Marshal(State{}))
	}
}

func TestExpectations(t *testing.T) {
	got, err := Unmarshal([]byte(`{"v":1,"rows":[{"expect":" Allowed "},{"expect":"maybe"},{}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{ExpectAllowed, "maybe", ""}; got.Rows[0].Expect != want[0] || got.Rows[1].Expect != want[1] || got.Rows[2].Expect != want[2] {
		t.Errorf("expectations %+v", got.Rows)
	}
	if err := got.CheckExpectations(); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), `test 2 expects "maybe"`) {
		t.Errorf("CheckExpectations: %v", err)
	}
	if CleanExpect(" BLOCKED") != ExpectBlocked || CleanExpect("maybe") != "" {
		t.Error("CleanExpect")
	}
}

func TestFromLinkErrors(t *testing.T) {
	for link, want := range map[string]error{
		"https://tester.example/":          ErrDamaged,
		"https://tester.example/#s=%%%":    ErrDamaged,
		"https://tester.example/#x=1&s=AA": ErrDamaged,
	} {
		if _, err := FromLink(link); !errors.Is(err, want) {
			t.Errorf("%s: %v, want %v", link, err, want)
		}
	}
}
