package record

import (
	"encoding"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/cardrules/cardrules/internal/errs"
)

// Limits bound a JSON value a game reads. [Check] holds the value to them
// before anything is decoded, so that no input makes the decoder allocate
// far more than its own size.
type Limits struct {
	List  int // the most values of one array, or members of one object
	Text  int // the most bytes of one string, as written (escapes included)
	Depth int // the most arrays and objects one inside another
	// PerByte and Base bound the Go values the JSON decodes to: the
	// elements of its slices and maps, and what its pointers point to,
	// take at most PerByte bytes for each byte of the JSON, plus Base.
	PerByte, Base int
}

const (
	// MaxList is the most values of one array a game's Position holds: the
	// actions since its fixed point (family.MaxPositionActions), more than
	// any shoe (the largest, Hand and Foot's 12 decks with 4 jokers each,
	// is 672 cards).
	MaxList = 1 << 12
	// MaxText is the most bytes of one string of a game's JSON, as
	// written: an action's text naming the largest shoe's cards, or a
	// name of at most 64 bytes with every byte escaped, fit.
	MaxText = 1 << 13
)

// PositionLimits are the [Limits] of a Position, a State or a record's
// start: what [Strict] checks.
var PositionLimits = Limits{List: MaxList, Text: MaxText, Depth: 16, PerByte: 4, Base: 1 << 18}

// ViewLimits are the [Limits] of a View: as a Position's, and a legal list
// of at most 100,000 actions (the ceiling the games' conformance tests
// hold Legal to).
var ViewLimits = Limits{List: 100_000, Text: MaxText, Depth: 16, PerByte: 4, Base: 1 << 18}

// Check reports the first thing data, a JSON value to be decoded into a P,
// holds beyond lim, or an array longer than the fixed-size Go array it
// fills (encoding/json would drop the values past its end). It allocates
// nothing when data is within them. JSON it cannot read is left to the
// decoder to refuse. The error is of package pkg and wraps rule.
func Check[P any](data []byte, lim Limits, pkg string, rule error) error {
	if what := check(data, reflect.TypeFor[P](), lim); what != "" {
		return errs.New(pkg, rule, what)
	}
	return nil
}

// Unmarshal decodes data into *v with encoding/json, once [Check] finds it
// within lim; the error says what is beyond them.
func Unmarshal[P any](data []byte, v *P, lim Limits) error {
	if what := check(data, reflect.TypeFor[P](), lim); what != "" {
		return errors.New(what)
	}
	return json.Unmarshal(data, v)
}

// check returns what data, JSON to be decoded into a t, holds beyond lim,
// or "".
func check(data []byte, t reflect.Type, lim Limits) string {
	c := checker{data: data, lim: lim}
	c.value(t, 0)
	if c.problem != nil {
		return "JSON: the value" + c.problem.path() + " " + c.problem.what
	}
	if budget := lim.PerByte*len(data) + lim.Base; c.cost > budget {
		return "JSON: its " + strconv.Itoa(len(data)) + " bytes would take more than " +
			strconv.Itoa(budget) + " bytes decoded, more than any game holds"
	}
	return ""
}

// problem is what [Check] refuses, and where: path holds the steps from
// the value to it, innermost first, added as the walk unwinds.
type problem struct {
	what  string
	steps []string
}

func (p *problem) path() string {
	var b strings.Builder
	for i := len(p.steps) - 1; i >= 0; i-- {
		b.WriteString(p.steps[i])
	}
	return b.String()
}

// checker walks a JSON value and its Go type together.
type checker struct {
	data    []byte
	i       int
	lim     Limits
	cost    int // bytes of the Go values decoded so far
	problem *problem
	stop    bool // JSON it cannot read: the decoder's to refuse
}

func (c *checker) fail(what string) {
	c.problem = &problem{what: what}
	c.stop = true
}

// done reports whether the walk is over: a problem found, or JSON it
// cannot read.
func (c *checker) done() bool { return c.stop }

func (c *checker) space() {
	for c.i < len(c.data) {
		switch c.data[c.i] {
		case ' ', '\t', '\n', '\r':
			c.i++
		default:
			return
		}
	}
}

var (
	jsonReader = reflect.TypeFor[json.Unmarshaler]()
	textReader = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// own reports whether t reads its own JSON or text: its shape is its own
// to check, and the walk checks only the limits inside it.
func own(t reflect.Type) bool {
	if t == nil {
		return false
	}
	if o, ok := ownCache.Load(t); ok {
		return o.(bool)
	}
	pt := reflect.PointerTo(t)
	o := pt.Implements(jsonReader) || pt.Implements(textReader)
	ownCache.Store(t, o)
	return o
}

var ownCache sync.Map // reflect.Type → whether it reads its own JSON

// value walks one value of type t (nil for a type unknown or reading its
// own JSON) at nesting depth.
func (c *checker) value(t reflect.Type, depth int) {
	c.space()
	if c.i >= len(c.data) {
		c.stop = true
		return
	}
	if own(t) {
		t = nil
	}
	for t != nil && t.Kind() == reflect.Pointer {
		if c.data[c.i] != 'n' {
			c.cost += int(t.Elem().Size())
		}
		t = t.Elem()
		if own(t) {
			t = nil
		}
	}
	switch c.data[c.i] {
	case '{':
		c.object(t, depth+1)
	case '[':
		c.array(t, depth+1)
	case '"':
		start := c.i
		c.str()
		if !c.done() {
			if n := c.i - start; n-2 > c.lim.Text {
				c.fail("is a string of " + strconv.Itoa(n-2) + " bytes, longer than any a game holds (" + strconv.Itoa(c.lim.Text) + ")")
			} else if t != nil && t.Kind() == reflect.String {
				c.cost += n
			}
		}
	default: // a number, true, false or null
		for c.i < len(c.data) {
			switch c.data[c.i] {
			case ',', ']', '}', ' ', '\t', '\n', '\r':
				return
			}
			c.i++
		}
	}
}

// str skips a string, c.data[c.i] being its opening quote.
func (c *checker) str() {
	for c.i++; c.i < len(c.data); c.i++ {
		switch c.data[c.i] {
		case '\\':
			c.i++
		case '"':
			c.i++
			return
		}
	}
	c.stop = true
}

func (c *checker) deep(depth int) bool {
	if depth > c.lim.Depth {
		c.fail("nests arrays and objects " + strconv.Itoa(depth) + " deep, deeper than any a game holds (" + strconv.Itoa(c.lim.Depth) + ")")
		return true
	}
	return false
}

// array walks an array of type t.
func (c *checker) array(t reflect.Type, depth int) {
	if c.deep(depth) {
		return
	}
	var elem reflect.Type
	fixed := -1
	if t != nil {
		switch t.Kind() {
		case reflect.Slice:
			elem = t.Elem()
		case reflect.Array:
			elem, fixed = t.Elem(), t.Len()
		}
	}
	c.i++ // [
	c.space()
	if c.i < len(c.data) && c.data[c.i] == ']' {
		c.i++
		return
	}
	for n := 0; ; n++ {
		if n >= c.lim.List {
			c.fail("holds more than " + strconv.Itoa(c.lim.List) + " values, more than any list a game holds")
			return
		}
		if n == fixed {
			elem = nil // the values past the end are counted, not read
		}
		if elem != nil && fixed < 0 {
			c.cost += int(elem.Size())
		}
		c.value(elem, depth)
		if c.done() {
			if c.problem != nil {
				c.problem.steps = append(c.problem.steps, "["+strconv.Itoa(n)+"]")
			}
			return
		}
		c.space()
		if c.i >= len(c.data) {
			c.stop = true
			return
		}
		switch c.data[c.i] {
		case ',':
			c.i++
		case ']':
			c.i++
			if fixed >= 0 && n >= fixed {
				c.fail("holds " + strconv.Itoa(n+1) + " values, and at most " + strconv.Itoa(fixed) + " are read")
			}
			return
		default:
			c.stop = true
			return
		}
	}
}

// object walks an object of type t: a struct's fields, or a map.
func (c *checker) object(t reflect.Type, depth int) {
	if c.deep(depth) {
		return
	}
	var fields []field
	var elem reflect.Type
	if t != nil {
		switch t.Kind() {
		case reflect.Struct:
			fields = fieldsOf(t)
		case reflect.Map:
			elem = t.Elem()
		}
	}
	c.i++ // {
	c.space()
	if c.i < len(c.data) && c.data[c.i] == '}' {
		c.i++
		return
	}
	for n := 0; ; n++ {
		if n >= c.lim.List {
			c.fail("holds more than " + strconv.Itoa(c.lim.List) + " members, more than any object a game holds")
			return
		}
		c.space()
		if c.i >= len(c.data) || c.data[c.i] != '"' {
			c.stop = true
			return
		}
		start := c.i
		c.str()
		if c.done() {
			return
		}
		key := c.data[start+1 : c.i-1]
		if len(key) > c.lim.Text {
			c.fail("has a key of " + strconv.Itoa(len(key)) + " bytes, longer than any a game holds (" + strconv.Itoa(c.lim.Text) + ")")
			return
		}
		c.space()
		if c.i >= len(c.data) || c.data[c.i] != ':' {
			c.stop = true
			return
		}
		c.i++
		var ft reflect.Type
		step := ""
		switch {
		case fields != nil:
			if f := lookup(fields, key); f != nil {
				ft, step = f.typ, f.name
			}
		case t != nil && t.Kind() == reflect.Map:
			ft = elem
			c.cost += int(t.Key().Size()+elem.Size()) * 2
		}
		c.value(ft, depth)
		if c.done() {
			if c.problem != nil {
				if step == "" {
					step = string(key)
					if !utf8.ValidString(step) {
						step = strconv.Quote(step)
					}
				}
				c.problem.steps = append(c.problem.steps, "."+step)
			}
			return
		}
		c.space()
		if c.i >= len(c.data) {
			c.stop = true
			return
		}
		switch c.data[c.i] {
		case ',':
			c.i++
		case '}':
			c.i++
			return
		default:
			c.stop = true
			return
		}
	}
}

// field is a struct's field as encoding/json reads it: its JSON name and
// type, promoted fields of embedded structs included.
type field struct {
	name string
	typ  reflect.Type
}

var fieldCache sync.Map // reflect.Type → []field

// fieldsOf returns the fields of struct type t, never nil.
func fieldsOf(t reflect.Type) []field {
	if fs, ok := fieldCache.Load(t); ok {
		return fs.([]field)
	}
	fs := appendFields(make([]field, 0, t.NumField()), t)
	fieldCache.Store(t, fs)
	return fs
}

func appendFields(fs []field, t reflect.Type) []field {
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-" || !f.IsExported() && !f.Anonymous:
			continue
		case f.Anonymous && name == "":
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct && !own(ft) {
				fs = appendFields(fs, ft) // its fields are promoted
				continue
			}
			if !f.IsExported() {
				continue
			}
			name = f.Name
		case name == "":
			name = f.Name
		}
		fs = append(fs, field{name: name, typ: f.Type})
	}
	return fs
}

// lookup returns the field key names, as encoding/json matches it: the
// same name, else the same regardless of case. A key with an escape is
// matched as written.
func lookup(fs []field, key []byte) *field {
	for i := range fs {
		if fs[i].name == string(key) {
			return &fs[i]
		}
	}
	for i := range fs {
		if equalFold(fs[i].name, key) {
			return &fs[i]
		}
	}
	return nil
}

// equalFold reports whether name and key are the same regardless of case,
// without converting key (and allocating).
func equalFold(name string, key []byte) bool {
	if len(name) != len(key) {
		return strings.EqualFold(name, string(key))
	}
	for i := range len(name) {
		a, b := name[i], key[i]
		if a >= utf8.RuneSelf || b >= utf8.RuneSelf {
			return strings.EqualFold(name, string(key))
		}
		if 'A' <= a && a <= 'Z' {
			a += 'a' - 'A'
		}
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		if a != b {
			return false
		}
	}
	return true
}
