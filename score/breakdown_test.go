package score_test

import (
	"slices"
	"testing"

	"github.com/cardrules/cardrules/score"
)

func TestBreakdownTotal(t *testing.T) {
	tests := []struct {
		b    score.Breakdown
		want int
	}{
		{nil, 0},
		{score.Breakdown{}, 0},
		{score.Breakdown{{"going out", 100}}, 100},
		{score.Breakdown{{"canastas", 800}, {"melded", 435}, {"in hand", -85}, {"red threes", -200}}, 950},
	}
	for _, tt := range tests {
		if got := tt.b.Total(); got != tt.want {
			t.Errorf("%v.Total() = %d, want %d", tt.b, got, tt.want)
		}
	}
}

func TestBreakdownString(t *testing.T) {
	tests := []struct {
		name string
		b    score.Breakdown
		want string
	}{
		{"empty", nil, "Total  0"},
		{"one", score.Breakdown{{"going out", 100}}, "" +
			"going out  100\n" +
			"Total      100"},
		{"short items", score.Breakdown{{"a", 5}, {"b", -12345}}, "" +
			"a           5\n" +
			"b      -12345\n" +
			"Total  -12340"},
		{"doc example", score.Breakdown{{"2 clean canastas", 1000}, {"cards melded", 435}, {"cards left in hand", -85}}, "" +
			"2 clean canastas    1000\n" +
			"cards melded         435\n" +
			"cards left in hand   -85\n" +
			"Total               1350"},
		{"runes", score.Breakdown{{"3♥ on clean canasta", 100}, {"x", 0}}, "" +
			"3♥ on clean canasta  100\n" +
			"x                      0\n" +
			"Total                100"},
	}
	for _, tt := range tests {
		if got := tt.b.String(); got != tt.want {
			t.Errorf("%s: String() =\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}

func TestTeamScoreEqualCloneLeaders(t *testing.T) {
	a := score.TeamScore{Team: 1, Breakdown: score.Breakdown{{Item: "x", Points: 5}}, Points: 5, Total: 10}
	b := a
	b.Breakdown = score.Breakdown{{Item: "x", Points: 6}}
	if !a.Equal(a) || a.Equal(b) {
		t.Error("Equal does not compare the lines")
	}
	c := score.Clone([]score.TeamScore{a})
	c[0].Breakdown[0].Points = 99
	if a.Breakdown[0].Points != 5 || len(score.Clone(nil)) != 0 {
		t.Error("Clone shares the breakdown")
	}
	for _, tc := range []struct {
		totals []int
		want   []int
	}{{nil, nil}, {[]int{3}, []int{0}}, {[]int{1, 5, 5, -2}, []int{1, 2}}, {[]int{-4, -9}, []int{0}}} {
		if got := score.Leaders(tc.totals); !slices.Equal(got, tc.want) {
			t.Errorf("Leaders(%v) = %v, want %v", tc.totals, got, tc.want)
		}
	}
}
