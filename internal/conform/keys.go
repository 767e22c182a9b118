package conform

import (
	"encoding/json"
	"slices"

	"github.com/cardrules/cardrules/card"
)

// unCamel returns the first key (in sorted order, depth first) of the
// JSON value data that breaks the library's JSON convention, or "": keys
// are lowerCamel, but for the keys of a table by card ("AC", "10H", "JK").
func unCamel(data []byte) string {
	var v any
	if json.Unmarshal(data, &v) != nil {
		return ""
	}
	return unCamelIn(v)
}

func unCamelIn(v any) string {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if _, err := card.Parse(k); err != nil && (k == "" || k[0] < 'a' || k[0] > 'z') {
				return k
			}
			if bad := unCamelIn(v[k]); bad != "" {
				return bad
			}
		}
	case []any:
		for _, e := range v {
			if bad := unCamelIn(e); bad != "" {
				return bad
			}
		}
	}
	return ""
}
