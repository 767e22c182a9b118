package conform

import (
	"os"
	"testing"
)

// Golden compares got with the golden file, or writes it when update is
// set (a test's -update flag), and returns the file's content: a game's
// pinned deals and games.
func Golden(t testing.TB, file, got string, update bool) string {
	t.Helper()
	if update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return got
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run with -update if the change is meant)", file)
	}
	return string(want)
}
