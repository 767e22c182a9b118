package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/examples/export/npy"
)

// meta is a set's meta.json: what its games are and how many rows it has.
type meta struct {
	Game      string          `json:"game"`
	Preset    string          `json:"preset"` // "" for the game's default, or with house rules
	Seats     int             `json:"seats"`
	Rules     json.RawMessage `json:"rules,omitempty"` // the house rules, when given
	Strengths []string        `json:"strengths"`       // one a seat
	Shape     cardrules.Shape `json:"shape"`
	First     uint64          `json:"firstSeed"`
	Last      uint64          `json:"lastSeed"`
	Games     int             `json:"games"`
	Rows      int             `json:"rows"`
}

// name is the set's directory name.
func (m meta) name() string { return fmt.Sprintf("%s-seeds-%d-%d", m.Game, m.First, m.Last) }

// sameGames reports whether sets of m and o hold decisions of the same
// games and players, whatever their seeds.
func (m meta) sameGames(o meta) bool {
	return m.Game == o.Game && m.Preset == o.Preset && m.Seats == o.Seats && bytes.Equal(m.Rules, o.Rules) &&
		slices.Equal(m.Strengths, o.Strengths) && m.Shape.Actions == o.Shape.Actions && slices.Equal(m.Shape.Observation, o.Shape.Observation)
}

// column is one file of a set: its name, dtype, and the shape of a row
// for the encodings' Shape.
type column struct {
	name  string
	dtype npy.Dtype
	row   func(cardrules.Shape) []int
}

// one is the shape of a row of one value.
func one(cardrules.Shape) []int { return nil }

// columns are a set's files, without their .npy.
var columns = []column{
	{"observation", npy.Float32, func(s cardrules.Shape) []int { return s.Observation }},
	{"mask", npy.Bool, func(s cardrules.Shape) []int { return []int{s.Actions} }},
	{"action", npy.Int32, one},
	{"seat", npy.Int32, one},
	{"step", npy.Int32, one},
	{"seed", npy.Uint64, one},
	{"points", npy.Float32, one},
	{"won", npy.Int32, one},
}

// setWriter writes a set under a temporary name, renamed when complete.
type setWriter struct {
	m     meta
	tmp   string // the directory written
	final string // its name once complete
	w     []*npy.Writer
}

// createSet starts writing the set of m in dir.
func createSet(dir string, m meta) (*setWriter, error) {
	s := &setWriter{m: m, final: filepath.Join(dir, m.name())}
	if _, err := os.Stat(s.final); err == nil {
		return nil, fmt.Errorf("%s exists: export writes over no set", s.final)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(dir, "."+m.name()+".partial-")
	if err != nil {
		return nil, err
	}
	s.tmp = tmp
	for _, c := range columns {
		w, err := npy.Create(filepath.Join(tmp, c.name+".npy"), c.dtype, c.row(m.Shape)...)
		if err != nil {
			s.abort()
			return nil, err
		}
		s.w = append(s.w, w)
	}
	return s, nil
}

// add appends the rows of g.
func (s *setWriter) add(g *game) error {
	size, actions := s.m.Shape.Size(), s.m.Shape.Actions
	obs, mask, action, seat, step, seed, points, won := s.w[0], s.w[1], s.w[2], s.w[3], s.w[4], s.w[5], s.w[6], s.w[7]
	for i := range g.rows() {
		o := g.outcomes[g.seat[i]]
		w := int32(0)
		if o.Won {
			w = 1
		}
		for _, err := range []error{
			obs.Float32(g.obs[i*size : (i+1)*size]), mask.Bool(g.mask[i*actions : (i+1)*actions]),
			action.Int32(g.action[i]), seat.Int32(g.seat[i]), step.Int32(g.step[i]),
			seed.Uint64(g.seed), points.Float32([]float32{float32(o.Points)}), won.Int32(w),
		} {
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// abort removes the set being written.
func (s *setWriter) abort() {
	for _, w := range s.w {
		w.Close()
	}
	os.RemoveAll(s.tmp)
}

// close completes the set: the files' headers, meta.json, and the
// set's name. It returns the set's meta.
func (s *setWriter) close() (meta, error) {
	s.m.Rows = s.w[0].Rows()
	var err error
	for _, w := range s.w {
		if w.Rows() != s.m.Rows && err == nil {
			err = fmt.Errorf("the set's files have %d and %d rows", s.m.Rows, w.Rows())
		}
		if cerr := w.Close(); err == nil {
			err = cerr
		}
	}
	if err == nil {
		var text []byte
		text, err = json.MarshalIndent(s.m, "", "  ")
		if err == nil {
			err = os.WriteFile(filepath.Join(s.tmp, "meta.json"), append(text, '\n'), 0o644)
		}
	}
	if err == nil {
		err = os.Chmod(s.tmp, 0o755) // MkdirTemp's 0700 would keep the set from other users
	}
	if err == nil {
		if _, serr := os.Stat(s.final); serr == nil {
			err = fmt.Errorf("%s appeared while this set was written: export writes over no set", s.final)
		}
	}
	if err == nil {
		err = os.Rename(s.tmp, s.final)
	}
	if err != nil {
		os.RemoveAll(s.tmp)
		return meta{}, err
	}
	return s.m, nil
}

// readMeta reads the meta.json of the set in dir.
func readMeta(dir string) (meta, error) {
	var m meta
	text, err := os.ReadFile(filepath.Join(dir, "meta.json"))
	if err != nil {
		return m, fmt.Errorf("%s is no set: %w", dir, err)
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("%s: meta.json: %w", dir, err)
	}
	if m.Games < 1 || m.Rows < 0 || m.Last-m.First != uint64(m.Games-1) {
		return m, fmt.Errorf("%s: meta.json: %d games from seed %d to %d", dir, m.Games, m.First, m.Last)
	}
	return m, nil
}

// mergeSets concatenates the sets in dirs, in the order of their seeds,
// into the set of the whole range in dir.
func mergeSets(dir string, dirs []string) (meta, error) {
	metas := make([]meta, len(dirs))
	for i, d := range dirs {
		m, err := readMeta(d)
		if err != nil {
			return meta{}, err
		}
		metas[i] = m
	}
	order := make([]int, len(dirs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(metas[a].First, metas[b].First) })
	m := metas[order[0]]
	for k, i := range order[1:] {
		prev, next := metas[order[k]], metas[i]
		switch {
		case !m.sameGames(next):
			return meta{}, fmt.Errorf("%s and %s hold other games or players: only sets of the same game, rules and players merge", dirs[order[0]], dirs[i])
		case next.First <= prev.Last:
			return meta{}, fmt.Errorf("%s and %s overlap: both have the seed %d", dirs[order[k]], dirs[i], next.First)
		case next.First != prev.Last+1:
			return meta{}, fmt.Errorf("seeds %d to %d are missing between %s and %s", prev.Last+1, next.First-1, dirs[order[k]], dirs[i])
		}
		m.Last, m.Games = next.Last, m.Games+next.Games
	}
	m.Rows = 0
	w, err := createSet(dir, m)
	if err != nil {
		return meta{}, err
	}
	for c, col := range columns {
		for _, i := range order {
			if err := copyColumn(w.w[c], filepath.Join(dirs[i], col.name+".npy"), col, metas[i]); err != nil {
				w.abort()
				return meta{}, err
			}
		}
	}
	return w.close()
}

// copyColumn appends the rows of the file at path, the column col of the
// set of m, to w.
func copyColumn(w *npy.Writer, path string, col column, m meta) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	h, err := npy.ReadHeader(f)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if want := append([]int{m.Rows}, col.row(m.Shape)...); h.Dtype != col.dtype || !slices.Equal(h.Shape, want) {
		return fmt.Errorf("%s: an array of %v %v, not the %v %v its meta.json says", path, h.Dtype, h.Shape, col.dtype, want)
	}
	if err := w.Copy(f, m.Rows); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if n, _ := f.Read(make([]byte, 1)); n > 0 {
		return fmt.Errorf("%s: more data than its header says", path)
	}
	return nil
}

// print writes what the set of m holds and where it is, and with st the
// time the run took.
func (m meta) print(w io.Writer, dir string, st *stats) error {
	var b strings.Builder
	players := strings.Join(m.Strengths, ", ")
	seats := "seats"
	if m.Seats == 1 {
		seats = "seat"
	}
	fmt.Fprintf(&b, "%s %s, %d %s (%s): %d games, seeds %d to %d\n", m.Game, rulesName(m), m.Seats, seats, players, m.Games, m.First, m.Last)
	obs := append([]int{m.Rows}, m.Shape.Observation...)
	fmt.Fprintf(&b, "%d decisions: observation float32 %v, mask bool [%d %d]\n", m.Rows, obs, m.Rows, m.Shape.Actions)
	fmt.Fprintf(&b, "wrote %s\n", filepath.Join(dir, m.name()))
	if st != nil {
		fmt.Fprintf(&b, "time: %.2fs, %.1f games/s\n", st.elapsed.Seconds(), float64(m.Games)/st.elapsed.Seconds())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// rulesName names the rules of the set of m.
func rulesName(m meta) string {
	switch {
	case m.Rules != nil:
		return "house rules"
	case m.Preset == "":
		return "default preset"
	}
	return "preset " + m.Preset
}
