package cardrules

import (
	"strings"
	"testing"
)

// The error for a game of this module that the program does not import
// names the import that registers it; for another name it says no game
// has it.
func TestUnknownNamesTheImport(t *testing.T) {
	for _, game := range shipped {
		want := `import _ "github.com/cardrules/cardrules/` + game + `"`
		if err := unknown(game); !strings.Contains(err.Error(), want) {
			t.Errorf("unknown(%q) = %v, want it to say %s", game, err, want)
		}
	}
	if err := unknown("poker"); strings.Contains(err.Error(), "import") || !strings.Contains(err.Error(), `"poker": no game has this name`) {
		t.Errorf("unknown(poker) = %v", err)
	}
}
