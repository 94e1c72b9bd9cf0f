# memlens: a memory debugger for C.
#
#   make install     go install ./cmd/memlens
#   make demo        ./demo.sh: build memlens into ./bin, compile and run examples/demo.c
#   make test        go test ./...
#   make bench       benchmark against native and AddressSanitizer (bench/README.md)
#   make bench-full  the same plus full checking (--memlens-full) and Valgrind (slow)
#
# BENCHFLAGS passes flags to the benchmark runner, e.g.
#   make bench BENCHFLAGS='-n 3 -programs tree,hash -json bench.json'

GO ?= go
BENCHFLAGS ?=

.PHONY: all install demo test bench bench-full

all: test

install:
	$(GO) install ./cmd/memlens

# builds memlens into ./bin and runs examples/demo.c, which has a deliberate bug
demo:
	./demo.sh

test:
	$(GO) test ./...

bench:
	$(GO) run ./bench $(BENCHFLAGS)

bench-full:
	$(GO) run ./bench -tools native,asan,memlens,memlens-full,valgrind $(BENCHFLAGS)
