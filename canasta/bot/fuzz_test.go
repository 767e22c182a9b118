package bot_test

import (
	"testing"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/internal/forgetest"
)

// FuzzChoose hands the heuristic and search players Views a fuzzer
// mutates from real ones: each reads as an error wrapping ErrView, or the
// players choose one of its legal actions from it, and never panic.
func FuzzChoose(f *testing.F) {
	views := forgetest.Seen(f, canasta.Presets(), canasta.New, 1, 120, 40)
	forgetest.Fuzz(f, views, 2, legal, forgeryPlayers)
}
