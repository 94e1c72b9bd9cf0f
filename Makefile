# memlens: a memory debugger for C.
#
#   make install     go install ./cmd/memlens
#   make demo        ./demo.sh: build memlens into ./bin, compile and run examples/demo.c
#   make test        go test ./...
#   make bench       memlens bench: the benchmarks against native and AddressSanitizer
#   make bench-all   every tool on every corpus: the tables of docs/BENCHMARKS.md (slow)
#
# BENCHFLAGS passes flags to memlens bench, e.g.
#   make bench BENCHFLAGS='-n 3 -metric cpu -json bench.json'

GO ?= go
BENCHFLAGS ?=

.PHONY: all install demo test bench bench-all

all: test

install:
	$(GO) install ./cmd/memlens

# builds memlens into ./bin and runs examples/demo.c, which has a deliberate bug
demo:
	./demo.sh

test:
	$(GO) test ./...

bench:
	$(GO) run ./cmd/memlens bench -tools memlens,asan $(BENCHFLAGS) bench/programs

bench-all:
	$(GO) run ./cmd/memlens bench -tools memlens,memlens-full,asan,valgrind,msan $(BENCHFLAGS) testdata/bugs testdata/clean bench/programs
