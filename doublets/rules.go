package doublets

import (
	"strings"

	"github.com/cardrules/cardrules/internal/errs"
)

// MaxPasses bounds the passes through the stock a table may allow.
const MaxPasses = 10

// MaxName is the most bytes in the rule set's name.
const MaxName = 64

// Rules is a Doublets table's rules as data: a comparable value.
// [Aisleriot] is the game as GNOME Aisleriot plays it, [PySol] as PySolFC
// lays it out.
type Rules struct {
	// Name names the rule set for display, such as "aisleriot".
	Name string `json:"name"`
	// Passes is how many times the player may go through the stock: 3,
	// the first pass and two redeals.
	Passes int `json:"passes"`
	// TurnAfterDeal turns one card from the stock to the waste once the
	// deal is done (PySol); Aisleriot starts with the waste empty.
	TurnAfterDeal bool `json:"turnAfterDeal"`
	// KingsAside deals as PySolFC does: the kings are set aside to the
	// bottom of the stock before the deal, and reserve slots 1 to 7 and
	// then the foundation take the first eight cards that are not kings.
	// False is Aisleriot's deal: the eight places first, the foundation
	// seventh, then each king on them replaced from the stock (see
	// [Deal]).
	KingsAside bool `json:"kingsAside,omitempty"`
}

// Aisleriot is Doublets as GNOME Aisleriot plays it: the eight places
// dealt first and their kings replaced after, the waste empty after the
// deal, three passes through the stock.
func Aisleriot() Rules { return Rules{Name: "aisleriot", Passes: 3} }

// PySol is Doublets as PySolFC lays it out: the kings set aside before the
// deal (the foundation dealt last), and one card turned from the stock to
// the waste once the deal is done; three passes, as Aisleriot.
func PySol() Rules { return Rules{Name: "pysol", Passes: 3, TurnAfterDeal: true, KingsAside: true} }

// Presets returns the named rule sets, the default first: [Aisleriot] and
// [PySol]. [Preset] returns each under its Name.
func Presets() []Rules { return []Rules{Aisleriot(), PySol()} }

// Preset returns the rule set of that name, in any case, as every game's
// Preset: "aisleriot" or "pysol".
func Preset(name string) (Rules, error) {
	switch strings.ToLower(name) {
	case "aisleriot":
		return Aisleriot(), nil
	case "pysol":
		return PySol(), nil
	}
	return Rules{}, fail(ErrPreset, errs.Quote(name)+": the presets are aisleriot and pysol")
}

// MaxActions is the most actions a game of r can last. Each pass turns at
// most the 52 cards of the stock and ends with a redeal, and at most
// [MaxScore] cards go to the foundation. It makes a sound
// [cardrules.Options] Limit. It is 0 for rules [Rules.Validate] refuses.
func (r Rules) MaxActions() int {
	if r.Validate() != nil {
		return 0
	}
	return r.Passes*53 + MaxScore
}

// Validate reports whether a table can be played by r: nil, or an error
// wrapping [ErrRules] that names what to change.
func (r Rules) Validate() error {
	switch {
	case r.Passes < 1 || r.Passes > MaxPasses:
		return fail(ErrRules, itoa(r.Passes)+" passes: the player goes through the stock 1 to "+itoa(MaxPasses)+" times (set Passes)")
	case !errs.DisplayName(r.Name, MaxName):
		return fail(ErrRules, errs.NamesProblem(MaxName, r.Name))
	}
	return nil
}
