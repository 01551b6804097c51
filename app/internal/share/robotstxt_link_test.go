package share

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"robotstester/app/model"
)

// TestRobotstxtOpenLink: the links that the command line's `robotstxt open`
// prints (through package statefile, as the tester writes them)
// are read by the tester as the state they were made from, byte for byte
// the link the tester itself would make.
func TestRobotstxtOpenLink(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the robotstxt command")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build robotstxt with")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "robotstxt")
	if out, err := exec.Command(goTool, "build", "-o", bin, "robotstester/robots/cmd/robotstxt").CombinedOutput(); err != nil {
		t.Fatalf("building robotstxt: %v\n%s", err, out)
	}
	robotsFile := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(robotsFile, []byte(sample.Robots), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "open", "--file", robotsFile, "--dialect", sample.Dialect, "--base", "https://tester.example/",
		"-a", "Googlebot", "-a", "Mozilla/5.0 (compatible; bingbot/2.0)", "/private/x", "example.com/über uns").Output()
	if err != nil {
		t.Fatalf("robotstxt open: %v", err)
	}
	link := strings.TrimSpace(string(out))
	_, fragment, _ := strings.Cut(link, "#")
	got, ok, err := FromFragment(fragment)
	if !ok || err != nil {
		t.Fatalf("the tester reads %q as: found %v, %v", link, ok, err)
	}
	want := model.State{Robots: sample.Robots, Dialect: sample.Dialect, Rows: []model.Row{
		{Agent: "Googlebot", URL: "/private/x"}, {Agent: "Mozilla/5.0 (compatible; bingbot/2.0)", URL: "/private/x"},
		{Agent: "Googlebot", URL: "example.com/über uns"}, {Agent: "Mozilla/5.0 (compatible; bingbot/2.0)", URL: "example.com/über uns"},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the link carries\n%+v\nwant\n%+v", got, want)
	}
	if fragment != Fragment(want) {
		t.Errorf("the command's link differs from the tester's own:\n%s\n%s", fragment, Fragment(want))
	}
}
