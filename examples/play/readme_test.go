package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// The README begins with the two commands, whose go test line CI runs, and
// its library example is the root package's ExampleRun, which go test
// compiles, runs and checks: the two must not drift apart.
func TestReadmeStartsAndCompiles(t *testing.T) {
	readme := string(must(os.ReadFile("../../README.md")))
	start := "```sh\ngo run ./examples/play\ngo test ./...\n```\n"
	if i := strings.Index(readme, "```"); i < 0 || !strings.HasPrefix(readme[i:], start) {
		t.Errorf("the README's first code block is not\n%s", start)
	}
	if m := regexp.MustCompile(`(?m)^go test .*$`).FindAllString(readme, -1); len(m) != 1 || m[0] != "go test ./..." {
		t.Errorf("the README's lines beginning with go test: %q, want only \"go test ./...\"", m)
	}
	body := func(text, from, to string) string {
		i := strings.Index(text, from)
		if i < 0 {
			return ""
		}
		text = text[i+len(from):]
		j := strings.Index(text, to)
		if j < 0 {
			return ""
		}
		return strings.TrimSpace(text[:j])
	}
	example := string(must(os.ReadFile("../../example_test.go")))
	want := body(example, "func ExampleRun() {\n", "// Output:")
	got := body(readme, "```go\npackage main", "```")
	got = body(got, "func main() {\n", "\n}")
	if want == "" || got != want {
		t.Errorf("the README's main is not ExampleRun's body:\n%s\nwant:\n%s", got, want)
	}
	flat := strings.Join(strings.Fields(readme), " ")
	for _, stale := range []string{"a page to play Hand and Foot", "pkgsite@latest` and http://localhost:8080"} {
		if strings.Contains(flat, stale) {
			t.Errorf("the README still says %q", stale)
		}
	}
}
