package canasta

import (
	"testing"

	"github.com/cardrules/cardrules/internal/enc/enctest"
)

// A View read from JSON, however forged, encodes without a panic: its
// decoder refuses what no game shows, and the encodings read the rest.
// The seeds are the Views of two random games.
func FuzzEncode(f *testing.F) {
	enctest.Fuzz[View, Action](f, enctest.ViewsJSON(f, enctest.Views[Rules, State](f, New, Classic(), 2), 25))
}
