package conform

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
)

// The checks below are the library's JSON convention as every game's tests
// check it, written once.

// ViewJSON checks v, a View: its JSON begins with prefix and holds each
// of want, reads back as v, and JSON whose rules name no preset is
// refused and leaves the View read as it was.
func ViewJSON[V any](t testing.TB, v V, prefix string, want ...string) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), prefix) {
		t.Errorf("View JSON %.300s does not begin %s", data, prefix)
	}
	for _, w := range want {
		if !strings.Contains(string(data), w) {
			t.Errorf("View JSON %s lacks %s", data, w)
		}
	}
	var back V
	if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(back, v) {
		t.Errorf("View read back = %+v, %v; want %+v", back, err, v)
	}
	if err := json.Unmarshal([]byte(`{"rules":"no such preset","seat":0}`), &back); err == nil || !reflect.DeepEqual(back, v) {
		t.Errorf("a View with unknown rules: %v, and the View became %+v", err, back)
	}
}

// Old reads file, JSON written before the library's JSON convention, as
// a T (a State or a View), failing t when it does not load.
func Old[T any](t testing.TB, file string) T {
	t.Helper()
	var v T
	data, err := os.ReadFile(file)
	if err == nil {
		err = json.Unmarshal(data, &v)
	}
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return v
}

// EventJSON checks the JSON of a stock draw's events: drawer's, the
// drawer's own, and other's, another seat's of the same action. Both
// begin {"seq":, the drawer's lists the cards drawn, and the other's
// leaves them out.
func EventJSON[E any](t testing.TB, drawer, other E) {
	t.Helper()
	d, err := json.Marshal(drawer)
	if err != nil {
		t.Fatal(err)
	}
	o, err := json.Marshal(other)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(d), `{"seq":`) || !strings.Contains(string(d), `"drawn":["`) || !strings.Contains(string(d), `"gameOver":false}`) {
		t.Errorf("the drawer's Event JSON = %s", d)
	}
	if !strings.HasPrefix(string(o), `{"seq":`) || strings.Contains(string(o), `"drawn"`) {
		t.Errorf("another seat's Event JSON = %s", o)
	}
}

// PlayLast plays the last of the legal actions n times from s, as the
// games' JSON of earlier versions in their testdata was written, and
// returns the State reached.
func PlayLast[S cardrules.State[S, A, V], A cardrules.Action, V any](t testing.TB, s S, err error, n int) S {
	t.Helper()
	for range n {
		if err != nil {
			t.Fatal(err)
		}
		l := s.AppendLegal(nil)
		s, err = s.Apply(l[len(l)-1])
	}
	if err != nil {
		t.Fatal(err)
	}
	return s
}
