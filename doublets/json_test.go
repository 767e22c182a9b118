package doublets

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
)

// The library's JSON convention: lowerCamel keys, cards as card strings,
// ranks as words, empty lists as [], and a View's rules as the preset's
// name when they are one of the presets, in full otherwise.
func TestViewJSONConvention(t *testing.T) {
	s, err := New(Aisleriot(), 1)
	if err != nil {
		t.Fatal(err)
	}
	conform.ViewJSON(t, s.View(0), `{"rules":"aisleriot","seat":0,"toAct":0,"stockSize":`, `"waste":[]`, `"needed":"6"`, `"legal":["turn"]`)
	r := Aisleriot()
	r.Name, r.Passes = "two", 2
	if s, err = New(r, 1); err != nil {
		t.Fatal(err)
	}
	conform.ViewJSON(t, s.View(0), `{"rules":{"name":"two","passes":2,"turnAfterDeal":false},`)
}

// JSON written before the convention (keys in Go's spelling, the rules in
// full) still loads: the State's Position and the View.
func TestOldJSONLoads(t *testing.T) {
	s, err := New(Aisleriot(), 1)
	if err != nil {
		t.Fatal(err)
	}
	const oldState = `{"Rules":{"Name":"aisleriot","Passes":3,"TurnAfterDeal":false},"Stock":["6C","AS","7D","10S","5H","KC","QS","8S","2C","9S","5C","8H","AD","8C","3D","5D","4C","JS","8D","6D","AC","KD","JH","QC","QD","9C","6S","JD","3C","2S","3S","QH","10D","JC","7S","6H","7H","5S","10H","4S","4D","10C","KH","KS"],"Waste":[],"Reserve":["2H","7C","9D","4H","9H","2D","AH"],"Foundation":["3H"],"Pass":1,"Seq":0}`
	var old State
	if err := json.Unmarshal([]byte(oldState), &old); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(old.Position(), s.Position()) {
		t.Errorf("old State JSON = %+v, want %+v", old.Position(), s.Position())
	}
	oldView := `{"Rules":{"Name":"aisleriot","Passes":3,"TurnAfterDeal":false},"Seat":0,"ToAct":0,"StockSize":44,"Pass":1,"Waste":[],"Reserve":["2H","7C","9D","4H","9H","2D","AH"],"Foundation":["3H"],"Needed":6,"Score":1,"Over":false,"Won":false,"Legal":["turn"]}`
	var v View
	if err := json.Unmarshal([]byte(oldView), &v); err != nil || !reflect.DeepEqual(v, s.View(0)) {
		t.Errorf("old View JSON = %+v, %v; want %+v", v, err, s.View(0))
	}
}

// An Event's JSON has lowerCamel keys, and cards as card strings.
func TestEventJSON(t *testing.T) {
	s, err := New(Aisleriot(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if s, err = Apply(s, Turn()); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(s.Happened(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if want := `[{"seq":1,"action":"turn","card":"6C","refill":"","gameOver":false}]`; string(data) != want {
		t.Errorf("Event JSON = %s, want %s", data, want)
	}
}
