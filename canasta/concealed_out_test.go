package canasta_test

import (
	"encoding/json"
	"testing"

	"github.com/cardrules/cardrules/canasta"
)

// A player who goes out concealed need not make the minimum count, so
// its team may end the game with melds and without being down. The
// State so reached writes JSON that reads back (the harness found one
// that did not: a 4-point concealed meld against a minimum of 15).
func TestConcealedOutBelowTheMinimumReadsBack(t *testing.T) {
	var r canasta.Rules
	if err := json.Unmarshal([]byte(`{"name": "cutthroat", "names": ["", "", "", ""], "players": 3, "teams": 3, "decks": 2, "jokersPerDeck": 2, "handSize": 2, "drawCount": 2, "meld": {"ranks": ["A", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"], "minSize": 3, "minNaturals": 2, "maxWilds": 3, "ratio": "no ratio", "canastaSize": 3, "cleanClosed": false, "redThreeOnClean": false, "blackThreesOut": true}, "minimums": [{"minimum": 15}, {"from": 0, "minimum": 50}, {"from": 1500, "minimum": 90}, {"from": 3000, "minimum": 120}], "goOut": 1, "askPartner": false, "values": {"melded": {"AC": 1, "AD": 1, "AH": 1, "AS": 1, "2C": 1, "2D": 1, "2H": 1, "2S": 1, "3C": 1, "3D": 1, "3H": 1, "3S": 1, "4C": 1, "4D": 1, "4H": 1, "4S": 1, "5C": 1, "5D": 1, "5H": 1, "5S": 1, "6C": 1, "6D": 1, "6H": 1, "6S": 1, "7C": 1, "7D": 1, "7H": 1, "7S": 1, "8C": 1, "8D": 1, "8H": 1, "8S": 1, "9C": 1, "9D": 1, "9H": 1, "9S": 1, "10C": 1, "10D": 1, "10H": 1, "10S": 1, "JC": 1, "JD": 1, "JH": 1, "JS": 1, "QC": 1, "QD": 1, "QH": 1, "QS": 1, "KC": 1, "KD": 1, "KH": 1, "KS": 1, "JK": 1}, "held": {"AC": -1, "AD": -1, "AH": -1, "AS": -1, "2C": -1, "2D": -1, "2H": -1, "2S": -1, "3C": -1, "3D": -1, "3H": -1, "3S": -1, "4C": -1, "4D": -1, "4H": -1, "4S": -1, "5C": -1, "5D": -1, "5H": -1, "5S": -1, "6C": -1, "6D": -1, "6H": -1, "6S": -1, "7C": -1, "7D": -1, "7H": -1, "7S": -1, "8C": -1, "8D": -1, "8H": -1, "8S": -1, "9C": -1, "9D": -1, "9H": -1, "9S": -1, "10C": -1, "10D": -1, "10H": -1, "10S": -1, "JC": -1, "JD": -1, "JH": -1, "JS": -1, "QC": -1, "QD": -1, "QH": -1, "QS": -1, "KC": -1, "KD": -1, "KH": -1, "KS": -1, "JK": -1}}, "naturalBonus": 500, "mixedBonus": 300, "redThreeBonus": 100, "allRedThreesBonus": 800, "goOutBonus": 100, "concealedBonus": 200, "rounds": 1, "target": 7500, "cutthroat": false, "stockEnds": true}`), &r); err != nil {
		t.Fatal(err)
	}
	s, err := canasta.New(r, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"draw", "discard 8H", "draw", "discard 8S", "draw", "meld 10C 10D 10H JK"} {
		a, err := canasta.ParseAction(text)
		if err != nil {
			t.Fatal(err)
		}
		if s, err = canasta.Apply(s, a); err != nil {
			t.Fatalf("the deal of seed 2 does not play %q: %v", text, err)
		}
	}
	if !s.Over() {
		t.Fatalf("the game is not over after the concealed meld")
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back canasta.State
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("the State after going out concealed does not read back: %v", err)
	}
}
