package record

import (
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
)

var errStrictRule = errors.New("not a valid position")

type strictInner struct {
	Pair [2]int `json:"pair"`
}

type strictEmbedded struct {
	Names [3]string
}

type strictOuter struct {
	strictEmbedded
	Seats []strictInner
	Hand  card.Multiset // reads its own text
	Ptr   *strictInner
}

// Strict refuses an array longer than the Go array it fills, wherever it
// stands (a field, a slice's element, an embedded struct's promoted field,
// behind a pointer, under a name in another case), and takes one that
// fits.
func TestStrictRefusesOverlongArrays(t *testing.T) {
	for _, ok := range []string{
		`{"Names":["a","b","c"],"Seats":[{"pair":[1,2]},{"pair":[3]}],"Hand":"7H 7H","Ptr":{"pair":[]}}`,
		`{}`,
	} {
		if _, err := Strict[strictOuter]([]byte(ok), "pkg", errStrictRule); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []struct{ json, where string }{
		{`{"Names":["a","b","c","d"]}`, "the value.Names holds 4 values"},
		{`{"names":["a","b","c","d"]}`, "the value.Names holds 4 values"},
		{`{"Seats":[{"pair":[1,2]},{"pair":[1,2,3]}]}`, "the value.Seats[1].pair holds 3 values"},
		{`{"Ptr":{"pair":[1,2,3]}}`, "the value.Ptr.pair holds 3 values"},
	} {
		_, err := Strict[strictOuter]([]byte(bad.json), "pkg", errStrictRule)
		if !errors.Is(err, errStrictRule) || !strings.Contains(err.Error(), bad.where) {
			t.Errorf("%s: %v, want an error saying %q", bad.json, err, bad.where)
		}
	}
}
