package doublets

import (
	"errors"
	"reflect"
	"testing"

	"github.com/cardrules/cardrules/card"
)

// Determinize gives a State the player's View could be of: the same View,
// the stock in an order drawn from the seed; a View no game gives is
// refused with ErrPosition.
func TestDeterminize(t *testing.T) {
	s, _ := New(Aisleriot(), 3)
	for range 6 {
		s, _ = Apply(s, Legal(s)[0])
	}
	v := s.View(0)
	orders := map[string]bool{}
	for seed := range uint64(8) {
		d, err := Determinize(v, seed)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(d.View(0), v) {
			t.Fatalf("seed %d: the sampled State's View differs:\n%+v\n%+v", seed, d.View(0), v)
		}
		orders[stockText(d)] = true
	}
	if len(orders) < 2 {
		t.Error("every seed sampled the same stock")
	}
	bad := v
	bad.Waste = append(append([]card.Card(nil), v.Waste...), v.Foundation[0])
	if _, err := Determinize(bad, 1); !errors.Is(err, ErrPosition) {
		t.Errorf("a card in two places: %v; want ErrPosition", err)
	}
	bad = v
	bad.StockSize++
	if _, err := Determinize(bad, 1); !errors.Is(err, ErrPosition) {
		t.Errorf("a stock that does not add up: %v; want ErrPosition", err)
	}
}

// stockText is the stock's order as text.
func stockText(s State) string {
	var b []byte
	for _, c := range s.Stock() {
		b, _ = c.AppendText(append(b, ' '))
	}
	return string(b)
}
