module github.com/cardrules/cardrules

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0 // indirect
	golang.org/x/exp v0.0.0-20260908205506-85c1c2202aba // indirect
	pgregory.net/rapid v1.3.0 // indirect
)
